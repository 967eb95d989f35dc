// The wallet-action MFA screens in Chromium through the fixture bundle (wallet spec, "Screens and routes": "Multi-factor verification"
// and "Multi-factor enrolment"; "States and transitions" and "Validation rules": "Multi-factor"; "The error catalogue": MFA), over the `client.mfa` double (fake-mfa.ts), which
// raises the challenge the core raises for a gated call.
import { sendKeys } from '@web/test-runner-commands'
import { assert, assertEqual, assertInlineQr, waitFor } from './browser-assertions.js'
import { setupAccessView } from './access-view.js'

const { fixtureUser, FAKE_TOTP, TesseraError } = await import('/.test-data/browser-fixtures/access-screens.js')

const wallet = (screen) => ({ request: { intent: 'wallet', screen } })

function mfaView({ enrolled = [], user = fixtureUser(), screen, ...mfa } = {}, config = {}) {
  return setupAccessView({ user, config, mfa: { enrolled, ...mfa } }, wallet(screen))
}

/** Types `code` into the code boxes (a complete code submits itself). */
async function typeCode(view, code) {
  const boxes = await waitFor(() => {
    const inputs = view.part('code-input')?.querySelectorAll('input')
    return inputs && [...inputs].every((box) => !box.disabled && box.value === '') && inputs
  }, 'empty, enabled code boxes')
  boxes[0].focus()
  await sendKeys({ type: code })
}

const codeError = (view) => view.shadow.querySelector('#tessera-code-error')?.textContent

/** Settles a promise into what the test checks. */
const outcome = (promise) =>
  promise.then(
    () => 'passed',
    (error) => error.code,
  )

describe('MFA verification', () => {
  it('a wallet action with an authenticator app: a wrong code is not valid and clears the boxes, the right one passes and the modal closes', async () => {
    const view = mfaView({ enrolled: ['totp'], screen: 'mfa:verify' })
    const action = outcome(view.client.mfa.walletAction())
    await waitFor(() => view.title() === 'Enter verification code', 'the code entry of the only method')
    assertEqual(view.part('mfa-code-description').textContent, 'Enter the 6-digit code from your authenticator app.', 'the TOTP text')
    assert(!view.part('back-button'), 'no back action with one method enrolled')
    assert(!view.part('mfa-choose-another'), "no 'Choose another method' with one method enrolled")
    assert(view.button('Cancel'), 'Cancel')

    await typeCode(view, '111111')
    await waitFor(() => codeError(view) === 'The code you entered is not valid', 'the invalid-code message')
    const boxes = view.part('code-input').querySelectorAll('input')
    await waitFor(() => [...boxes].every((box) => box.value === '' && !box.disabled), 'the boxes cleared for another try')
    assertEqual(view.client.mfa.getState().challenge.status, 'error', 'the challenge still waits')

    await typeCode(view, '123456')
    assertEqual(await action, 'passed', 'the wallet action continues')
    await waitFor(() => view.part('mfa-verified')?.textContent === 'Verified', 'the success state')
    await waitFor(() => view.events.closed === 1, 'closed after success', 4000)
    assertEqual(
      view.client.mfa.calls.submitted.map((answer) => answer.code),
      ['111111', '123456'],
      'both answers went to the core',
    )
  })

  it('SMS first sends the code; the chooser lists only the enrolled methods; Cancel rejects the action with the cancellation', async () => {
    const view = mfaView({ enrolled: ['sms', 'totp'], screen: 'mfa:verify' })
    const action = outcome(view.client.mfa.walletAction())
    await waitFor(() => view.part('mfa-code-description')?.textContent === 'A 6-digit code was sent to your mobile device.', 'the SMS code entry')
    assertEqual(view.client.mfa.calls.smsSent, 1, 'the screen sent the SMS code first')
    assert(view.part('back-button'), 'a back action with two methods enrolled')

    view.part('mfa-choose-another').click()
    await waitFor(() => view.title() === 'Verify your identity', 'the chooser')
    assert(view.shadow.textContent.includes('Choose a verification method'), 'the chooser subtitle')
    assertEqual(
      view.parts('mfa-method').map((button) => button.textContent),
      ['SMS', 'Authenticator app'],
      'only the enrolled methods, in order',
    )

    view.part('mfa-method-totp').focus()
    await sendKeys({ press: 'Enter' })
    await waitFor(
      () => view.part('mfa-code-description')?.textContent === 'Enter the 6-digit code from your authenticator app.',
      'the TOTP entry, chosen by keyboard',
    )

    view.button('Cancel').click()
    assertEqual(await action, 'missing_mfa_credentials', 'the action rejects as canceled')
    await waitFor(() => view.events.closed === 1, 'closed')
    assertEqual(view.client.mfa.getState().challenge, null, 'no challenge left')
  })

  it('non-digits are refused and a pasted code with spaces is submitted whole', async () => {
    const view = mfaView({ enrolled: ['totp'], screen: 'mfa:verify' })
    const action = outcome(view.client.mfa.walletAction())
    const boxes = await waitFor(() => view.part('code-input')?.querySelectorAll('input'), 'the boxes')
    boxes[0].focus()
    await sendKeys({ type: 'a' })
    assertEqual(boxes[0].value, '', 'a letter is not taken')
    const paste = new DataTransfer()
    paste.setData('text', ' 123 456 ')
    boxes[0].dispatchEvent(new ClipboardEvent('paste', { clipboardData: paste, bubbles: true, cancelable: true }))
    assertEqual(await action, 'passed', 'the stripped code passed')
    assertEqual(view.client.mfa.calls.submitted.at(-1), { method: 'totp', code: '123456' }, 'whitespace stripped')
  })

  it("a wallet action's third wrong code blocks: the message stays, the input is disabled, Cancel closes", async () => {
    const view = mfaView({ enrolled: ['totp'], screen: 'mfa:verify' })
    const action = outcome(view.client.mfa.walletAction())
    for (let attempt = 1; attempt <= 2; attempt++) {
      await typeCode(view, `00000${attempt}`)
      await waitFor(() => view.client.mfa.getState().challenge.attempt === attempt + 1, `wrong code ${attempt} counted`)
      await waitFor(() => codeError(view) === 'The code you entered is not valid', `wrong code ${attempt}`)
    }
    await typeCode(view, '000003')
    // The refused first run counted as one of MFA_ATTEMPTS (4): the third answer is the last.
    assertEqual(await action, 'mfa_verification_max_attempts_reached', 'the action gives up')
    await waitFor(
      () => codeError(view) === 'You have exceeded the maximum number of attempts. Please close this window and try again in 10 seconds.',
      'the blocking message',
    )
    assert(
      [...view.part('code-input').querySelectorAll('input')].every((box) => box.disabled),
      'the input is disabled',
    )
    assertEqual(view.client.mfa.getState().challenge.blocked, true, 'blocked until closed')
    view.button('Cancel').click()
    await waitFor(() => view.events.closed === 1, 'closed')
    assertEqual(view.client.mfa.getState().challenge, null, 'the challenge ended')
  })

  it("a passkey starts by itself, shows when it was added, and offers 'Try again' after a failure", async () => {
    let tries = 0
    const passkey = {
      type: 'passkey',
      credentialId: 'cred-1',
      enrolledInMfa: true,
      publicKey: null,
      authenticatorName: 'iCloud Keychain',
      createdWithDevice: null,
      createdWithOs: null,
      createdWithBrowser: null,
      verifiedAt: new Date(2026, 0, 5),
      firstVerifiedAt: new Date(2026, 0, 5),
      latestVerifiedAt: null,
    }
    const view = mfaView({
      enrolled: ['passkey'],
      user: fixtureUser({ linkedAccounts: [passkey] }),
      screen: 'mfa:verify',
      async check(answer) {
        assertEqual(answer, { method: 'passkey' }, 'a passkey answer')
        if (++tries === 1) throw new TesseraError({ code: 'passkey_not_allowed', shortMessage: 'Passkey request timed out or rejected by user.' })
      },
    })
    const action = outcome(view.client.mfa.walletAction())
    await waitFor(() => view.title() === 'Verifying with passkey', 'the passkey screen')
    assertEqual(view.part('mfa-status').textContent, 'Approve this action using your touch, face, PIN, or hardware key', 'the prompt')
    assert(view.part('mfa-passkey-added').textContent.includes('2026'), 'the date the passkey was added')
    await waitFor(() => view.part('mfa-error')?.textContent === 'Something went wrong.', 'the failure')
    assertEqual(tries, 1, 'started without a click')
    view.button('Try again').click()
    assertEqual(await action, 'passed', 'the second try passes')
    assertEqual(tries, 2, 'tried again')
  })

  it('closing the modal while the challenge waits cancels it, 500 ms later', async () => {
    const view = mfaView({ enrolled: ['totp'], screen: 'mfa:verify' })
    const action = outcome(view.client.mfa.walletAction())
    await waitFor(() => view.title() === 'Enter verification code', 'the code entry')
    view.part('close-button').click()
    const closedAt = performance.now()
    assertEqual(await action, 'missing_mfa_credentials', 'the action rejects')
    assert(performance.now() - closedAt >= 450, 'after the MFA state reset delay')
  })

  it('an answer that passed before the operation failed on its own still ends the verification', async () => {
    const view = mfaView({
      enrolled: ['totp'],
      screen: 'mfa:verify',
      operationError: () => new TesseraError({ code: 'wallet_not_on_device', shortMessage: 'Wallet not found on this device' }),
    })
    const action = outcome(view.client.mfa.walletAction())
    await typeCode(view, '123456')
    assertEqual(await action, 'wallet_not_on_device', "the operation's own failure goes to its caller")
    await waitFor(() => view.part('mfa-verified'), 'the verification is over')
    assert(!codeError(view), 'no code error shown')
    await waitFor(() => view.events.closed === 1, 'closed', 4000)
  })

  it('opened with nothing pending, it verifies on request', async () => {
    const view = mfaView({ enrolled: ['totp'], screen: 'mfa:verify' })
    await waitFor(() => view.client.mfa.getState().challenge?.reason === 'verify', 'an explicit verification raised')
    await typeCode(view, '123456')
    await waitFor(() => view.events.closed === 1, 'closed after success', 4000)
    assertEqual(view.client.mfa.calls.verified, 1, 'verified once')
  })
})

describe('MFA enrolment', () => {
  it("'Transaction Protection' offers the app's methods; an authenticator app is set up from its QR code and setup key", async () => {
    const view = mfaView({ screen: 'mfa:enroll' })
    await waitFor(() => view.title() === 'Transaction Protection', 'the intro')
    assertEqual(
      view.parts('mfa-method').map((button) => button.textContent),
      ['Passkey', 'Authenticator app', 'SMS'],
      'passkey, authenticator app, SMS',
    )

    view.part('mfa-method-totp').click()
    await waitFor(() => view.part('mfa-setup-key'), 'the setup key')
    assertEqual(view.part('mfa-setup-key').textContent, FAKE_TOTP.secret, 'the setup key shown')
    const qr = await waitFor(() => view.part('mfa-totp-qr'), 'the QR code')
    assertInlineQr(qr, { label: 'QR code for your authenticator app', size: 180 })
    assert(view.part('mfa-copy-key').textContent === 'Copy', 'a copy button')

    view.button('Continue').click()
    await waitFor(() => view.part('mfa-code-description')?.textContent === 'Enter the 6-digit code your authenticator app shows.', 'the code step')
    await typeCode(view, '111111')
    await waitFor(() => codeError(view) === 'The code you entered is not valid', 'a wrong first code')
    await typeCode(view, '654321')
    await waitFor(() => view.part('mfa-enrolled')?.textContent === 'Your authenticator app now protects your wallet actions.', 'enrolled')
    assertEqual(view.client.mfa.getState().enrolled, ['totp'], 'the method enrolled')
    assertEqual(
      view.client.getAuth().user.mfaMethods.map((method) => method.type),
      ['totp'],
      "the user's methods",
    )
    view.button('Done').click()
    await waitFor(() => view.events.closed === 1, 'Done closes')
  })

  it("only the methods the app's config allows are offered", async () => {
    const view = mfaView({ screen: 'mfa:enroll' }, { mfaMethods: ['sms'] })
    await waitFor(() => view.title() === 'Transaction Protection', 'the intro')
    assertEqual(
      view.parts('mfa-method').map((button) => button.textContent),
      ['SMS'],
      'SMS only',
    )
  })

  it('a user with a method enrolled verifies first: the verify screen covers the SMS setup, which then continues', async () => {
    const view = mfaView({ enrolled: ['totp'], screen: 'mfa:enroll' })
    await waitFor(() => view.title() === 'Transaction Protection', 'the intro')
    assert(view.part('mfa-method-totp').disabled, 'an enrolled authenticator app is not set up again')
    assertEqual(view.part('mfa-enabled').textContent, 'Enabled', 'shown as enabled')
    view.part('mfa-method-sms').click()
    const input = await waitFor(() => view.part('mfa-phone-input'), 'the phone input')
    input.focus()
    await sendKeys({ type: '2015550123' })
    await waitFor(() => !view.part('mfa-send-code').disabled, 'a valid number')
    await sendKeys({ press: 'Enter' })

    await waitFor(() => view.title() === 'Enter verification code', 'the verify screen over the setup')
    assertEqual(view.client.mfa.calls.enrolment.length, 0, 'no change before the verification')
    await typeCode(view, '123456')
    await waitFor(() => view.part('mfa-code-description')?.textContent === 'Enter the 6-digit code sent to +12015550123.', 'back on the SMS setup, code step')
    assertEqual(view.client.mfa.calls.enrolment[0], { step: 'sms-init', input: '+12015550123' }, 'the code was sent to the number')
    await typeCode(view, '424242')
    await waitFor(() => view.part('mfa-enrolled')?.textContent === 'SMS codes now protect your wallet actions.', 'enrolled')
    assertEqual(view.client.mfa.getState().enrolled, ['totp', 'sms'], 'both methods')
  })

  it('removing a method asks for confirmation and a verification, then returns to the intro', async () => {
    const view = mfaView({ enrolled: ['totp'], screen: 'mfa:enroll' })
    await waitFor(() => view.title() === 'Transaction Protection', 'the intro')
    const remove = view.part('mfa-remove-totp')
    assertEqual(remove.getAttribute('aria-label'), 'Remove Authenticator app', 'the remove button is labelled')
    remove.click()
    await waitFor(() => view.title() === 'Remove authenticator app?', 'the confirmation')
    view.button('Remove').click()
    await waitFor(() => view.title() === 'Enter verification code', 'verification asked first')
    await typeCode(view, '123456')
    await waitFor(() => view.title() === 'Transaction Protection', 'back on the intro')
    assertEqual(view.client.mfa.getState().enrolled, [], 'removed')
    assert(!view.part('mfa-enabled'), 'no method shown as enabled')
  })

  it('a canceled verification leaves the removal with the cancellation shown', async () => {
    const view = mfaView({ enrolled: ['totp'], screen: 'mfa:remove-totp' })
    await waitFor(() => view.title() === 'Remove authenticator app?', 'the confirmation')
    view.button('Remove').click()
    await waitFor(() => view.title() === 'Enter verification code', 'verification asked first')
    view.button('Cancel').click()
    await waitFor(() => view.title() === 'Remove authenticator app?', 'back on the confirmation')
    assert(view.part('mfa-error'), 'the failure is shown')
    assertEqual(view.client.mfa.getState().enrolled, ['totp'], 'nothing removed')
    assertEqual(view.events.closed, 0, 'the modal stays open')
  })

  it("passkey setup lists the first two passkeys with 'View all' and enrols the user's passkeys: 'Passkeys updated'", async () => {
    const passkey = (id, name) => ({
      type: 'passkey',
      credentialId: id,
      enrolledInMfa: false,
      publicKey: null,
      authenticatorName: name,
      createdWithDevice: null,
      createdWithOs: null,
      createdWithBrowser: null,
      verifiedAt: new Date(2026, 1, 1),
      firstVerifiedAt: new Date(2026, 1, 1),
      latestVerifiedAt: null,
    })
    const view = mfaView({ user: fixtureUser({ linkedAccounts: [passkey('a', 'Laptop'), passkey('b', 'Phone'), passkey('c', 'Key')] }), screen: 'mfa:enroll' })
    await waitFor(() => view.title() === 'Transaction Protection', 'the intro')
    view.part('mfa-method-passkey').click()
    await waitFor(() => view.title() === 'Set up passkey verification', 'the passkey setup')
    assert(view.button('Add new passkey'), "'Add new passkey'")
    assert(view.shadow.textContent.includes('Your passkeys'), "'Your passkeys'")
    assertEqual(view.parts('mfa-passkey').length, 2, 'the first two')
    view.button('View all').click()
    await waitFor(() => view.parts('mfa-passkey').length === 3, 'all three')
    view.part('back-button').click()
    await waitFor(() => view.title() === 'Set up passkey verification', 'back')
    view.button('Use my passkeys').click()
    await waitFor(() => view.part('mfa-enrolled')?.textContent === 'Passkeys updated', "'Passkeys updated'")
    assertEqual(view.client.mfa.calls.enrolment[0], { step: 'passkeys', input: ['a', 'b', 'c'] }, 'every passkey of the user')
    assertEqual(view.parts('mfa-enabled').length, 2, 'the listed passkeys show as used for verification')
  })
})
