// Access screens in Chromium through the fixture bundle: the real modal view over a client double.
// Error routing for every rejection, the CAPTCHA screen's timings and retries, the terms step and the
// account transfer screens (sign-in spec, "States and transitions" and "The error catalogue"; wallet spec, "Screens and routes": "Account transfer"), then the React hooks.
import { sendKeys } from '@web/test-runner-commands'
import { assert, assertEqual, sleep, waitFor, mountedHosts } from './browser-assertions.js'
import { setupAccessView } from './access-view.js'

const { createAccessClient, mountHooksHost, fixtureUser, TesseraError } = await import('/.test-data/browser-fixtures/access-screens.js')

const { newHost, track } = mountedHosts()

const setup = setupAccessView

async function submitEmail(part, email = 'ada@example.com') {
  const input = await waitFor(() => part('email-input'), 'the email input')
  input.focus()
  await sendKeys({ type: email })
  await sendKeys({ press: 'Enter' })
}

const apiError = (code, shortMessage, status = 403, data) => new TesseraError({ code, shortMessage, status, ...(data ? { data } : {}) })

describe('error routing (sign-in spec, "States and transitions": "Error routing"; "The error catalogue": table)', () => {
  const rejectSend = (error) => ({ sendCode: async () => Promise.reject(error) })

  it('allowlist rejection: the allowlist-denied screen with its defaults; the button goes back to the landing', async () => {
    const { title, part, button, events } = setup(rejectSend(apiError('allowlist_rejected', 'User is not allowed')))
    await submitEmail(part)
    await waitFor(() => title() === "You don't have access to this app", 'the allowlist title')
    assertEqual(part('error').textContent, 'Have you been invited?', 'detail')
    assertEqual(events.errors, ['allowlist_rejected'], 'autherror')
    button('Try another account').click()
    await waitFor(() => part('email-input'), 'back on the landing')
  })

  it('allowlist rejection: the app overrides title, detail and button, and the button opens its link', async () => {
    const config = {
      allowlist: { errorTitle: 'Closed beta', errorDetail: 'Join the waitlist first.', ctaText: 'Join the waitlist', ctaLink: 'https://acme.test/waitlist' },
    }
    const { title, part, button } = setup({ ...rejectSend(apiError('allowlist_rejected', 'no')), config })
    await submitEmail(part)
    await waitFor(() => title() === 'Closed beta', 'the overridden title')
    assertEqual(part('error').textContent, 'Join the waitlist first.', 'overridden detail')
    const link = button('Join the waitlist')
    assertEqual(link.localName, 'a', 'the action is a link')
    assertEqual(link.getAttribute('href'), 'https://acme.test/waitlist', 'link target')
    assertEqual(link.getAttribute('target'), '_blank', 'opens a new tab')
  })

  it("user limit: 'Unable to sign in' with no action button", async () => {
    const { title, part, shadow } = setup(rejectSend(apiError('max_accounts_reached', 'limit')))
    await submitEmail(part)
    await waitFor(() => title() === 'Unable to sign in', 'the user limit screen')
    assert(part('error').textContent.startsWith('This is a test application that has reached its user limit.'), 'user limit text')
    assertEqual(shadow.querySelector('[part~="error-action"]'), null, 'no action')
    assert(part('back-button') && part('close-button'), 'the header still leads away')
  })

  it("account not found: names the app and 'Try logging in again' returns to the landing", async () => {
    const { title, part, button, client } = setup(rejectSend(apiError('user_does_not_exist', 'No user')))
    await submitEmail(part)
    await waitFor(() => title() === 'Account not found', 'the account-not-found screen')
    assertEqual(part('error').textContent, 'Please try logging in again or go to Fixture App to create an account.', 'detail')
    button('Try logging in again').click()
    await waitFor(() => part('email-input'), 'the landing')
    assertEqual(client.auth.email.getState().status, 'initial', 'flows reset')
  })

  for (const [code, status, heading, detail, action] of [
    ['disallowed_login_method', 403, 'Not allowed', null, 'Try another method'],
    ['not_supported', 400, 'This region is not supported', 'SMS authentication from this region is not available', 'Try another method'],
    ['too_many_requests', 429, 'Request failed', 'Too many attempts.', 'Try again later'],
    ['linked_to_another_user', 400, 'Authentication failed', 'This account has already been linked to another user.', null],
    ['invalid_data', 422, 'Request failed', 'Email is not deliverable', 'Try again'],
  ])
    it(`${code}: '${heading}'`, async () => {
      const { title, part, button } = setup(rejectSend(apiError(code, 'Email is not deliverable', status)))
      await submitEmail(part)
      await waitFor(() => title() === heading, heading)
      if (detail) assertEqual(part('error').textContent, detail, 'detail')
      if (!action) return
      button(action).click()
      await waitFor(() => part('email-input'), 'back on the landing')
    })

  it("invalid captcha from the server: 'Please try again.' and the CAPTCHA is reset", async () => {
    const { part, calls } = setup(rejectSend(apiError('invalid_captcha', 'Invalid captcha', 400)))
    await submitEmail(part)
    await waitFor(() => part('error')?.textContent === 'Please try again.', "'Please try again.'")
    assert(calls.captchaReset >= 1, 'captcha.reset() called')
  })
})

describe('CAPTCHA screen (sign-in spec, "States and transitions")', () => {
  const config = { captchaEnabled: true, captchaSiteKey: 'a:tessera-test-app-00000030' }

  it('runs after 500 ms, hands a quick pass on after 1 s without a status, then the action moves on', async () => {
    const startedAt = { execute: 0, send: 0 }
    const { part, title, calls, shadow } = setup({
      config,
      solveCaptcha: async () => {
        startedAt.execute = performance.now()
        return 'solved-token'
      },
      sendCode: async () => void (startedAt.send = performance.now()),
    })
    await submitEmail(part)
    await waitFor(() => title() === 'Checking that you are a human...', 'the CAPTCHA screen')
    const shownAt = performance.now()
    await waitFor(() => calls.captchaExecute === 1, 'execute')
    const executeDelay = startedAt.execute - shownAt
    assert(executeDelay > 400 && executeDelay < 900, `auto-execute after about 500 ms (took ${Math.round(executeDelay)} ms)`)
    await waitFor(() => title() === 'Enter confirmation code', 'the action navigated on', 4000)
    const handOn = startedAt.send - startedAt.execute
    assert(handOn > 900 && handOn < 1500, `handed on about 1 s after the pass (took ${Math.round(handOn)} ms)`)
    assertEqual(calls.sendCode[0].options.captchaToken, 'solved-token', 'the token went with the request')
    assert(!shadow.textContent.includes('Success!'), 'no status for a pass inside the first second')
    // Back from the code screen skips the CAPTCHA screen.
    part('back-button').click()
    await waitFor(() => part('email-input'), 'the landing')
  })

  it('an OAuth start (a popup) waits for Continue after the CAPTCHA, so it runs inside a click', async () => {
    const { part, title, calls } = setup({
      config: { ...config, loginMethods: ['email', 'google'] },
      solveCaptcha: async () => 'popup-token',
      startOAuth: () => new Promise(() => {}),
    })
    ;(await waitFor(() => part('google-button'), 'the Google button')).click()
    await waitFor(() => title() === 'Success!', "'Success!' with Continue", 4000)
    await sleep(2500)
    assertEqual(calls.oauthStarts.length, 0, 'nothing starts before Continue')
    part('captcha-continue').click()
    await waitFor(() => calls.oauthStarts.length === 1, 'the OAuth start')
    assertEqual(calls.oauthStarts[0].provider, 'google', 'provider')
    assertEqual(calls.oauthStarts[0].options.captchaToken, 'popup-token', 'the token went with the start')
    assertEqual(calls.oauthStarts[0].options.popup, true, 'a popup')
  })

  it("shows 'Success!' for a slow pass and hands it on after 2 s of display", async () => {
    let sentAt = 0
    const { part, title, shadow } = setup({
      config,
      solveCaptcha: () => sleep(1200).then(() => 'slow-token'),
      sendCode: async () => void (sentAt = performance.now()),
    })
    await submitEmail(part)
    await waitFor(() => title() === 'Success!', "'Success!'", 4000)
    const successAt = performance.now()
    assert(shadow.textContent.includes('CAPTCHA passed successfully.'), 'success text')
    await waitFor(() => sentAt > 0, 'the action', 4000)
    const displayed = sentAt - successAt
    assert(displayed > 1700 && displayed < 2600, `success displayed for about 2 s (took ${Math.round(displayed)} ms)`)
  })

  it('offers 3 retries, then adds the adblocker hint', async () => {
    const { part, title, calls, button } = setup({ config, solveCaptcha: async () => Promise.reject(new Error('solver failed')) })
    await submitEmail(part)
    for (let retry = 1; retry <= 3; retry++) {
      const again = await waitFor(() => title() === 'Something went wrong' && button('Try again'), `retry ${retry}`, 4000)
      assertEqual(part('error').textContent, 'You did not pass CAPTCHA. Please try again.', 'error text before the retries are used up')
      again.click()
      // React renders the click's update in a microtask: wait for the new attempt before looking again.
      await waitFor(() => title() === 'Checking that you are a human...', `attempt ${retry + 1}`)
    }
    await waitFor(() => calls.captchaExecute === 4 && part('error'), 'the last attempt failed', 4000)
    assertEqual(
      part('error').textContent,
      'You did not pass CAPTCHA. Please try again. If you use an adblocker or VPN, try disabling and re-attempting.',
      'the hint',
    )
    assertEqual(button('Try again'), undefined, 'no more retries')
    assertEqual(calls.sendCode.length, 0, 'the action never ran')
  })
})

describe('terms step (sign-in spec, "States and transitions": "Terms")', () => {
  const config = { legal: { termsAndConditionsUrl: 'https://acme.test/terms', privacyPolicyUrl: null, requireUsersAcceptTerms: true } }
  const login = (client, user) => client.emit('login', { user, isNewUser: true, loginMethod: 'email' })

  it("shows 'One last step' 900 ms after login; accepting records it and completes the login", async () => {
    const { client, title, button, events, calls, shadow } = setup({ config })
    await waitFor(() => title(), 'the landing')
    login(client, fixtureUser())
    const loggedInAt = performance.now()
    await waitFor(() => title() === 'One last step', 'the terms screen', 3000)
    const delay = performance.now() - loggedInAt
    assert(delay > 850 && delay < 1400, `terms after about 900 ms (took ${Math.round(delay)} ms)`)
    assertEqual(events.closed, 0, 'not closed before accepting')
    assert(shadow.textContent.includes('By signing up, you agree to our terms and privacy policy.'), 'consent text')
    assertEqual(button('View Terms').getAttribute('href'), 'https://acme.test/terms', 'terms link')
    assertEqual(button('View Privacy Policy'), undefined, 'no privacy link without its URL')
    button('Accept').click()
    await waitFor(() => events.closed === 1, 'closed with success')
    assertEqual(calls.acceptTerms, 1, 'acceptTerms')
    assertEqual(events.success.length, 1, 'loginsuccess once')
    assertEqual(events.success[0].user.hasAcceptedTerms, true, 'the updated user')
  })

  it('declining logs out and closes without a login success', async () => {
    const { client, title, button, events, calls } = setup({ config })
    await waitFor(() => title(), 'the landing')
    login(client, fixtureUser())
    await waitFor(() => title() === 'One last step', 'the terms screen', 3000)
    button('No thanks').click()
    await waitFor(() => events.closed === 1, 'closed')
    assertEqual(calls.logout, 1, 'logged out')
    assertEqual(events.success.length, 0, 'no loginsuccess')
  })

  it('closing the modal on the terms step counts as declining', async () => {
    const { client, title, part, events, calls } = setup({ config })
    await waitFor(() => title(), 'the landing')
    login(client, fixtureUser())
    await waitFor(() => title() === 'One last step', 'the terms screen', 3000)
    part('close-button').click()
    await waitFor(() => events.closed === 1 && calls.logout === 1, 'closed and logged out')
    assertEqual(events.success.length, 0, 'no loginsuccess')
  })

  it('closes at once when the user already accepted, or terms are not required', async () => {
    const accepted = setup({ config })
    await waitFor(() => accepted.title(), 'the landing')
    login(accepted.client, fixtureUser({ hasAcceptedTerms: true }))
    await waitFor(() => accepted.events.closed === 1, 'closed')
    const optional = setup()
    await waitFor(() => optional.title(), 'the landing')
    login(optional.client, fixtureUser())
    await waitFor(() => optional.events.closed === 1, 'closed')
  })
})

describe('account transfer (wallet spec)', () => {
  const user = fixtureUser({ hasAcceptedTerms: true })
  const transferError = (otherUser) =>
    apiError('account_transfer_required', 'Account already linked to another user', 400, {
      nonce: 'nonce-1',
      account: { displayName: 'ada@example.com' },
      otherUser,
    })

  async function reachTransfer(otherUser) {
    const view = setup({ user, submitCode: async () => Promise.reject(transferError(otherUser)) }, { request: { intent: 'link', method: 'email' } })
    await submitEmail(view.part)
    const boxes = await waitFor(() => view.part('code-input')?.querySelectorAll('input'), 'the code boxes')
    boxes[0].focus()
    await sendKeys({ type: '123456' })
    await waitFor(() => view.title() === 'Email address is associated with another account', 'the transfer screen')
    return view
  }

  it("offers the transfer; 'Transfer and delete account' becomes 'Success!' and closes after 1 s", async () => {
    const { shadow, button, calls, events } = await reachTransfer({ embeddedWalletAddress: null })
    assert(shadow.textContent.includes('Do you want to transfer ada@example.com to this account instead? This will delete your other account.'), 'body')
    assertEqual(button('Continue'), undefined, 'no Continue without a wallet')
    button('Transfer and delete account').click()
    await waitFor(() => button('Success!'), "'Success!'")
    const successAt = performance.now()
    assertEqual(
      calls.transfers,
      [{ nonce: 'nonce-1', linkMethod: 'email', account: 'ada@example.com', displayName: 'ada@example.com', embeddedWalletAddress: null }],
      'transfer request',
    )
    await waitFor(() => events.closed === 1, 'closed', 3000)
    const delay = performance.now() - successAt
    assert(delay > 850 && delay < 1500, `closed about 1 s after success (took ${Math.round(delay)} ms)`)
  })

  it('with a wallet on the other account: Continue shows the assets check and the copyable address', async () => {
    const address = '0x1234567890abcdef1234567890abcdef12345678'
    const { button, title, part, calls } = await reachTransfer({ embeddedWalletAddress: address })
    assertEqual(button('Transfer and delete account'), undefined, 'Continue first')
    button('Continue').click()
    await waitFor(() => title() === 'Check account assets before transferring', 'the assets screen')
    assertEqual(part('transfer-address').textContent, address, 'the address')
    assert(button('Copy address'), 'copy button')
    button('Transfer and delete account').click()
    await waitFor(() => calls.transfers.length === 1, 'transferred')
  })

  it("'No thanks' closes without transferring", async () => {
    const { button, calls, events } = await reachTransfer({ embeddedWalletAddress: null })
    button('No thanks').click()
    await waitFor(() => events.closed === 1, 'closed')
    assertEqual(calls.transfers.length, 0, 'nothing transferred')
  })
})

describe('React hooks over the shared client', () => {
  function hooks(script = {}) {
    const client = createAccessClient(script)
    const host = newHost()
    const { root, probe } = mountHooksHost(host, client)
    track(root, host)
    const modal = () => host.querySelector('auth-modal')
    return {
      client,
      calls: client.calls,
      probe,
      modal,
      callbacks: (name) => probe.callbacks.filter((entry) => entry.name === name).map((entry) => entry.detail),
    }
  }

  it('useLoginWithSms sends to the phone number and reports the login', async () => {
    const { probe, calls, callbacks, client } = hooks({ submitCode: async () => fixtureUser({ id: 'did:privy:sms' }) })
    await waitFor(() => probe.results.mounted, 'the host')
    await probe.results.sms.sendCode({ phoneNumber: '+12025550123' })
    assertEqual(
      calls.sendCode.map(({ channel, identifier }) => [channel, identifier]),
      [['sms', '+12025550123']],
      'sms send',
    )
    await waitFor(() => probe.results.sms.state.status === 'awaiting-code-input', 'the flow state')
    await probe.results.sms.loginWithCode({ code: '123456' })
    assertEqual(
      callbacks('sms.complete').map(({ user, isNewUser }) => [user.id, isNewUser]),
      [['did:privy:sms', true]],
      'onComplete',
    )
    assertEqual(client.getAuth().status, 'authenticated', 'signed in')
  })

  it('useLoginWithOAuth starts headless and reports success, and a failure once', async () => {
    let fail = false
    const { probe, calls, callbacks } = hooks({
      startOAuth: async () => (fail ? Promise.reject(apiError('oauth_user_denied', 'User denied confirmation during OAuth flow', 400)) : fixtureUser()),
    })
    await waitFor(() => probe.results.mounted, 'the host')
    await probe.results.oauth.initOAuth({ provider: 'github', popup: true })
    assertEqual(calls.oauthStarts, [{ provider: 'github', options: { intent: 'login', headless: true, popup: true } }], 'start options')
    assertEqual(
      callbacks('oauth.complete').map((detail) => detail.loginMethod),
      ['github'],
      'onComplete',
    )
    fail = true
    await probe.results.oauth.initOAuth({ provider: 'github', popup: true })
    assertEqual(
      callbacks('oauth.error').map((error) => error.code),
      ['oauth_user_denied'],
      'onError once',
    )
  })

  it('useLinkAccount opens the modal on the link flow and reports the link, or the exit', async () => {
    const { probe, modal, client, callbacks } = hooks({ user: fixtureUser() })
    await waitFor(() => probe.results.mounted && modal(), 'the host and its modal')
    probe.results.link.linkEmail()
    await waitFor(() => modal().hasAttribute('open') && modal().shadowRoot.querySelector('[part~="email-input"]'), 'the modal on the email link flow')
    client.emit('link', { user: fixtureUser(), linkMethod: 'email', linkedAccount: null })
    await waitFor(() => callbacks('link.success').length === 1, 'onSuccess')
    await waitFor(() => !modal().hasAttribute('open'), 'the modal closed after the link')

    probe.results.link.linkGoogle()
    await waitFor(() => modal().hasAttribute('open'), 'open again')
    modal().shadowRoot.querySelector('[part~="close-button"]').click()
    await waitFor(() => callbacks('link.error').length === 1, 'onError on exit')
    assertEqual(callbacks('link.error')[0].code, 'exited_link_flow', 'exit code')
  })

  it('useLinkAccount and useUpdateAccount need a signed-in user', async () => {
    const { probe, modal, callbacks } = hooks()
    await waitFor(() => probe.results.mounted && modal(), 'the host')
    probe.results.link.linkPhone()
    probe.results.update.updateEmail()
    assertEqual(
      callbacks('link.error').map((error) => error.code),
      ['must_be_authenticated'],
      'link refused',
    )
    assertEqual(
      callbacks('update.error').map((error) => error.code),
      ['must_be_authenticated'],
      'update refused',
    )
    assert(!modal().hasAttribute('open'), 'modal stays closed')
  })

  it('useUpdateEmail sends an update code that names the old address; useUnlinkAccount unlinks', async () => {
    const user = fixtureUser({ email: { type: 'email', address: 'old@example.com' } })
    const { probe, calls, callbacks } = hooks({ user, submitCode: async () => fixtureUser({ email: { type: 'email', address: 'new@example.com' } }) })
    await waitFor(() => probe.results.mounted, 'the host')
    await probe.results.updateEmail.sendCode({ newEmail: 'new@example.com' })
    assertEqual(
      calls.sendCode[0],
      { channel: 'email', identifier: 'new@example.com', options: { intent: 'update', previousIdentifier: 'old@example.com' } },
      'update send',
    )
    await probe.results.updateEmail.submitCode({ code: '123456' })
    assertEqual(callbacks('updateEmail.success')[0].user.email.address, 'new@example.com', 'onSuccess')
    await probe.results.unlink.unlinkGoogle('google-sub')
    await probe.results.unlink.unlinkEmail('new@example.com')
    await probe.results.unlink.unlinkPhone('+12025550123')
    assertEqual(
      calls.unlinks,
      [
        ['google', 'google-sub'],
        ['email', 'new@example.com'],
        ['sms', '+12025550123'],
      ],
      'unlinks',
    )
  })
})
