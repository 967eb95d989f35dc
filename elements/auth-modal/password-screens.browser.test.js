// The password recovery screens in Chromium through the fixture bundle (wallet spec, "Screens and routes": "Recovery method selection",
// "Password setup wizard"; "States and transitions": "Password wizard"; "Validation rules": "Password"): the whole wizard with its rules, strength meter,
// copy and download, the acknowledgement gate and the done step; 'Enter your password'; the selection and splash;
// automatic securing; an automatic flow closes itself; 'Sign in again' when a new device's recovery needs a fresh sign-in.
import { sendKeys } from '@web/test-runner-commands'
import { assert, assertAccessible, assertEqual, waitFor } from './browser-assertions.js'
import { setupAccessView } from './access-view.js'

const { TesseraError } = await import('/.test-data/browser-fixtures/access-screens.js')

const privyWallets = [
  { chainType: 'ethereum', recoveryMethod: 'privy' },
  { chainType: 'solana', recoveryMethod: 'privy' },
]
const passwordWallets = [
  { chainType: 'ethereum', recoveryMethod: 'user-passcode' },
  { chainType: 'solana', recoveryMethod: 'user-passcode' },
]

function open(screen, embeddedWallets = { wallets: privyWallets }, request = {}) {
  return setupAccessView({ embeddedWallets }, { request: { intent: 'wallet', screen, ...request } })
}

/** Replaces the field's text as a user would: select all, type, then leave the field (errors show after a touch). */
async function typeInto(input, text) {
  input.focus()
  input.select()
  await sendKeys({ press: 'Backspace' })
  if (text) await sendKeys({ type: text })
  input.blur()
}

const errorOf = (view) => view.part('password-error')?.textContent ?? null

describe('password setup wizard', () => {
  it('create (rules, strength, show/hide, generate), save (copy, download), confirm (mismatch), acknowledge, done', async () => {
    const view = open('password:create')
    const recoverySet = []
    const onSet = (event) => recoverySet.push(event.detail)
    document.addEventListener('walletrecoveryset', onSet)
    try {
      await waitFor(() => view.title() === 'Set your password', 'the create step')
      const input = view.part('password-input')
      const submit = () => view.part('submit-button')
      assert(submit().disabled, 'Continue is disabled while empty')
      assertEqual(view.part('back-button'), null, 'no back: the flow did not come from the selection')

      input.focus()
      await sendKeys({ type: 'abc' })
      assertEqual(errorOf(view), null, 'no error before the field is touched')
      input.blur()
      await waitFor(() => errorOf(view) === 'Password must be at least 6 characters', 'the length error after a touch')
      assert(submit().disabled, 'Continue is disabled while invalid')
      await typeInto(input, 'Abc def1?')
      await waitFor(() => errorOf(view) === 'Invalid characters used ( SPACE, ? )', 'the invalid characters, a space as SPACE')
      await typeInto(input, 'Abcdef12!xyz')
      await waitFor(() => errorOf(view) === null, 'a valid password')
      assertEqual(view.part('password-strength').dataset.strength, 'Medium', 'a 12-character mixed password is Medium')
      assertEqual(view.part('password-strength').textContent, 'Password strength: Medium', 'the strength line')
      assert(!submit().disabled, 'Continue is enabled')

      assertEqual(input.type, 'password', 'hidden by default')
      view.part('password-visibility').click()
      await waitFor(() => input.type === 'text', 'shown')
      view.part('password-visibility').click()
      await waitFor(() => input.type === 'password', 'hidden again')

      view.part('password-generate').click()
      await waitFor(() => input.value.length === 28, 'a generated password')
      const password = input.value
      assertEqual(view.part('password-strength').dataset.strength, 'Strong', 'a generated password is Strong')
      assertEqual(input.type, 'text', 'a generated password is shown')
      submit().click()

      await waitFor(() => view.title() === 'Save your password', 'the save step')
      assertEqual(view.part('saved-password').textContent, password, 'the password to save')
      const downloads = []
      const createObjectURL = URL.createObjectURL
      const click = HTMLAnchorElement.prototype.click
      URL.createObjectURL = (blob) => {
        downloads.push({ blob })
        return createObjectURL(blob)
      }
      HTMLAnchorElement.prototype.click = function () {
        downloads.at(-1).name = this.download
      }
      try {
        view.part('download-password').click()
      } finally {
        URL.createObjectURL = createObjectURL
        HTMLAnchorElement.prototype.click = click
      }
      assertEqual(downloads.length, 1, 'one download')
      assertEqual(downloads[0].name, 'fixture-app-privy-wallet-recovery.txt', 'the file name rule (wallet spec, "Business constants and limits")')
      assertEqual((await downloads[0].blob.text()).trim(), password, 'the file holds the password')
      assert(view.part('copy-password').textContent === 'Copy', 'a Copy button')
      view.part('submit-button').click()

      await waitFor(() => view.title() === 'Confirm your password', 'the confirm step')
      const confirmation = view.part('password-confirm-input')
      await typeInto(confirmation, `${password}x`)
      await waitFor(() => errorOf(view) === 'Passwords do not match', 'the mismatch error')
      assert(view.part('submit-button').disabled, 'Continue is disabled until they match')
      view.part('back-button').click()
      await waitFor(() => view.title() === 'Save your password', 'back moves back')
      view.part('submit-button').click()
      await waitFor(() => view.title() === 'Confirm your password', 'the confirm step again')
      await typeInto(view.part('password-confirm-input'), password)
      await waitFor(() => !view.part('submit-button').disabled, 'Continue once they match')
      view.part('submit-button').click()

      await waitFor(() => view.title() === 'Confirm you have saved', 'the acknowledge step')
      assert(view.part('submit-button').disabled, "'Set Password' waits for the checkbox")
      assertEqual(view.part('submit-button').textContent, 'Set Password', 'the button')
      assert(view.part('cancel-button'), 'Cancel: the user started this flow')
      view.part('password-acknowledge').click()
      await waitFor(() => !view.part('submit-button').disabled, "'Set Password' enabled")
      assertEqual(view.client.embeddedWallets.calls.setRecovery, [], 'nothing set before the click')
      view.part('submit-button').click()

      await waitFor(() => view.title() === 'Success', 'the done step')
      assertEqual(
        view.client.embeddedWallets.calls.setRecovery,
        [{ input: { method: 'user-passcode', password }, options: {} }],
        'the password set on every wallet',
      )
      assertEqual(
        recoverySet.map((detail) => detail.recoveryMethod),
        ['user-passcode'],
        'walletrecoveryset reaches the page',
      )
      assertEqual(view.events.closed, 0, 'a flow the user started waits for Close')
      view.part('close-action').click()
      await waitFor(() => view.events.closed === 1, 'Close closes')
      assert(!view.shadow.textContent.includes(password), 'the password is gone with the flow')
    } finally {
      document.removeEventListener('walletrecoveryset', onSet)
    }
  })

  it("a failure shows 'Something went wrong' with 'Try again' back to the acknowledgement; an automatic flow has no Cancel and closes itself", async () => {
    let fail = true
    const setRecovery = async () => {
      if (fail) throw new TesseraError({ code: 'embedded_wallet_request_error', shortMessage: 'Failed to set recovery on wallet' })
    }
    const view = open('password:create', { wallets: privyWallets, setRecovery }, { automatic: true })
    await waitFor(() => view.part('password-input'), 'the create step')
    await typeInto(view.part('password-input'), 'Abcdef12!xyz')
    await waitFor(() => !view.part('submit-button').disabled, 'Continue')
    view.part('submit-button').click()
    await waitFor(() => view.title() === 'Save your password', 'save')
    view.part('submit-button').click()
    await waitFor(() => view.part('password-confirm-input'), 'confirm')
    await typeInto(view.part('password-confirm-input'), 'Abcdef12!xyz')
    await waitFor(() => !view.part('submit-button').disabled, 'Continue')
    view.part('submit-button').click()
    await waitFor(() => view.title() === 'Confirm you have saved', 'acknowledge')
    assertEqual(view.part('cancel-button'), null, 'no Cancel in an automatic flow')
    view.part('password-acknowledge').click()
    await waitFor(() => !view.part('submit-button').disabled, 'Set Password')
    view.part('submit-button').click()
    await waitFor(() => view.title() === 'Something went wrong', 'the failure')
    assertEqual(view.part('password-not-set').textContent, 'Error setting password on the wallet', 'the failure copy')
    fail = false
    view.part('retry-button').click()
    await waitFor(() => view.title() === 'Confirm you have saved', "'Try again' goes back")
    view.part('password-acknowledge').click()
    await waitFor(() => !view.part('submit-button').disabled, 'acknowledged again')
    view.part('submit-button').click()
    await waitFor(() => view.title() === 'Success', 'success on the second try')
    await waitFor(() => view.events.closed === 1, 'an automatic flow closes itself after the success delay', 4000)
  })

  it("says 'Reset your password' when the wallets have a password; the selection reads 'Update backup method' and skips the splash", async () => {
    const view = open('recovery:select', { wallets: passwordWallets })
    await waitFor(() => view.title() === 'Update backup method', 'the selection when changing')
    const row = view.part('recovery-password')
    assertEqual(row.textContent, 'Reset your password', 'the reset row')
    row.click()
    await waitFor(() => view.title() === 'Reset your password', 'straight to the wizard')
    view.part('back-button').click()
    await waitFor(() => view.title() === 'Update backup method', 'back to the selection: the user came from there')
  })

  it("'Secure your account' offers 'Set a password' through the 'Secure Your Account' splash, and explains itself", async () => {
    const view = open('recovery:select')
    await waitFor(() => view.title() === 'Secure your account', 'the selection')
    view.button('Why do I need to secure my account?').click()
    await waitFor(() => view.part('info-panel'), 'the info panel')
    view.button('Select backup method').click()
    await waitFor(() => !view.part('info-panel'), 'back to the methods')
    assertEqual(view.part('recovery-password').textContent, 'Set a password', 'the password row')
    view.part('recovery-password').click()
    await waitFor(() => view.title() === 'Secure Your Account', 'the splash')
    view.button('Add password').click()
    await waitFor(() => view.title() === 'Set your password', 'the wizard')
    assert(view.part('back-button'), 'back: the user came from the selection')
  })
})

describe('other password screens', () => {
  it("'Enter your password': a wrong password shows the error and the user tries again; the right one recovers and closes", async () => {
    const view = open('password:enter', { wallets: passwordWallets, password: 'Correct-Horse-9' })
    await waitFor(() => view.title() === 'Enter your password', 'the enter screen')
    view.button('Why is this necessary?').click()
    await waitFor(() => view.part('info-panel'), 'the help panel')
    const submit = view.part('submit-button')
    assertEqual(submit.textContent, 'Recover your account', 'the button')
    assert(submit.disabled, 'nothing to submit yet')
    await typeInto(view.part('password-input'), 'wrong-password')
    submit.click()
    await waitFor(() => view.part('recovery-error')?.textContent === 'Invalid recovery password, please try again.', 'the wrong password error')
    assertEqual(view.events.closed, 0, 'still open')
    await typeInto(view.part('password-input'), 'Correct-Horse-9')
    view.part('submit-button').click()
    await waitFor(() => view.events.closed === 1, 'recovered: the modal closes')
    assertEqual(view.client.embeddedWallets.calls.recovered, ['wrong-password', 'Correct-Horse-9'], 'both tries went to recover')
  })

  it("'Sign in again' (docs/security.md #61): explains itself, passes axe, and 'Sign in' signs out to the sign-in screens", async () => {
    const view = open('recovery:sign-in-again')
    await waitFor(() => view.title() === 'Sign in again', 'the screen')
    assert(view.shadow.textContent.includes('For your security, sign in again to recover your wallet on this device.'), 'the reason')
    await assertAccessible(view.shadow, "'Sign in again'")
    const submit = view.button('Sign in')
    submit.focus()
    assertEqual(view.shadow.activeElement, submit, 'reachable from the keyboard')
    submit.click()
    await waitFor(() => view.title() === 'Log in or sign up', 'the sign-in screens')
    assertEqual(view.calls.logout, 1, 'signed out once')
    assertEqual(view.events.closed, 0, 'the modal stays open for the new sign-in')
  })

  it("'Automatically secure your account': Confirm sets automatic recovery, then 'Success'", async () => {
    const view = open('password:auto-secure', { wallets: passwordWallets })
    await waitFor(() => view.title() === 'Automatically secure your account', 'the screen')
    view.button('Confirm').click()
    await waitFor(() => view.title() === 'Success', 'success')
    assertEqual(view.client.embeddedWallets.calls.setRecovery, [{ input: { method: 'privy' }, options: {} }], 'automatic recovery set')
    view.part('close-action').click()
    await waitFor(() => view.events.closed === 1, 'closed')
  })
})
