// Passkey screens in Chromium through the fixture bundle: the real modal view over a client double whose
// passkey ceremonies the script decides (sign-in spec, "Screens and routes" and "States and transitions": "Passkey"; "The error catalogue"). Then the three passkey hooks.
import { assert, assertEqual, waitFor, mountedHosts } from './browser-assertions.js'
import { setupAccessView } from './access-view.js'

const { createAccessClient, mountHooksHost, fixtureUser, TesseraError } = await import('/.test-data/browser-fixtures/access-screens.js')

const { newHost, track } = mountedHosts()

const notAllowed = () => new TesseraError({ code: 'passkey_not_allowed', shortMessage: 'Passkey request timed out or rejected by user.' })

const setup = (script = {}, viewProps = {}) => setupAccessView({ ...script, config: { loginMethods: ['email', 'passkey'], ...script.config } }, viewProps)

describe('the passkey row (sign-in spec, "Screens and routes")', () => {
  it("'I have a passkey' without passkey sign-up: straight to sign-in, 'Waiting for passkey', then signed in", async () => {
    let finish
    const { part, title, calls, events } = setup({ passkey: { run: () => new Promise((resolve) => (finish = resolve)) } })
    const row = await waitFor(() => part('passkey-button'), 'the passkey row')
    assertEqual(row.textContent, 'I have a passkey', 'label')
    assertEqual(row.getAttribute('type'), 'button', 'a real button (keyboard-usable)')
    row.click()
    await waitFor(() => title() === 'Waiting for passkey', 'the status screen')
    assertEqual(calls.passkeys, ['login'], 'a sign-in ceremony')
    finish(fixtureUser())
    await waitFor(() => events.success.length === 1, 'the login reported')
    assertEqual(events.closed, 1, 'the modal closes')
  })

  it("'Continue with passkey' with sign-up on: the choice screen, then 'Create new account' signs up", async () => {
    const { part, title, calls, events, shadow } = setup({ config: { passkeysForSignup: true } })
    const row = await waitFor(() => part('passkey-button'), 'the passkey row')
    assertEqual(row.textContent, 'Continue with passkey', 'label')
    row.click()
    await waitFor(() => title() === 'Log in or create a new account?', 'the choice screen')
    const buttons = [...shadow.querySelectorAll('[part~="body"] button')].map((button) => button.textContent)
    assertEqual(buttons, ['Create new account', 'Log in with a passkey'], 'both choices')
    part('passkey-signup-button').click()
    await waitFor(() => events.success.length === 1, 'signed up')
    assertEqual(calls.passkeys, ['signup'], 'a sign-up ceremony')
  })

  it("'Log in with a passkey' on the choice screen signs in", async () => {
    const { part, calls, events } = setup({ config: { passkeysForSignup: true } })
    ;(await waitFor(() => part('passkey-button'), 'the passkey row')).click()
    ;(await waitFor(() => part('passkey-login-button'), 'the choice')).click()
    await waitFor(() => events.success.length === 1, 'signed in')
    assertEqual(calls.passkeys, ['login'], 'a sign-in ceremony')
  })

  it('is hidden where the browser has no WebAuthn', async () => {
    const { part } = setup({ passkey: { supported: false } })
    await waitFor(() => part('email-input'), 'the landing')
    assertEqual(part('passkey-button'), null, 'no passkey row')
  })

  it("shows the 'Recent' chip after a passkey sign-in on this device", async () => {
    const { part, client } = setup()
    client.getRecentLoginMethod = () => 'passkey'
    client.setConfig({})
    const row = await waitFor(() => part('passkey-button'), 'the passkey row')
    assert(row.querySelector('[part~="recent-chip"]'), 'the chip')
  })
})

describe('passkey status errors (sign-in spec, "The error catalogue": "Passkey")', () => {
  it("a refused ceremony: 'Something went wrong', the reason, and 'Try again' runs it again", async () => {
    let attempt = 0
    const run = async () => {
      attempt++
      if (attempt === 1) throw notAllowed()
      return fixtureUser()
    }
    const { part, title, calls, events } = setup({ passkey: { run } })
    ;(await waitFor(() => part('passkey-button'), 'the passkey row')).click()
    await waitFor(() => title() === 'Something went wrong', 'the error state')
    assertEqual(part('passkey-error').textContent, 'Passkey request timed out or rejected by user.', 'the reason')
    assertEqual(events.errors, ['passkey_not_allowed'], 'reported to the host')
    const retry = part('retry-button')
    assertEqual(retry.textContent, 'Try again', 'retry label')
    retry.click()
    await waitFor(() => events.success.length === 1, 'the retry signs in')
    assertEqual(calls.passkeys, ['login', 'login'], 'the same intent twice')
  })

  it("missing WebAuthn and the passkey limit have the spec's copy", async () => {
    const cases = [
      [new TesseraError({ code: 'not_supported', shortMessage: 'WebAuthn is not supported in this browser' }), 'WebAuthn is not supported in this browser'],
      [
        new TesseraError({ code: 'cannot_link_more_of_type', shortMessage: 'User already has an account of type passkey linked.', status: 400 }),
        'Cannot link more passkeys to account.',
      ],
    ]
    for (const [error, text] of cases) {
      const { part } = setup({ passkey: { run: async () => Promise.reject(error) } })
      ;(await waitFor(() => part('passkey-button'), 'the passkey row')).click()
      const shown = await waitFor(() => part('passkey-error'), 'the error')
      assertEqual(shown.textContent, text, error.code)
    }
  })

  it('an allowlist rejection goes to its own screen, not the inline error', async () => {
    const rejected = new TesseraError({ code: 'allowlist_rejected', shortMessage: 'User is not allowed', status: 403 })
    const { part, title } = setup({ passkey: { run: async () => Promise.reject(rejected) } })
    ;(await waitFor(() => part('passkey-button'), 'the passkey row')).click()
    await waitFor(() => title() === "You don't have access to this app", 'the allowlist screen')
  })
})

describe('linking a passkey from the modal', () => {
  it('a passkey link request opens on the status screen, starts by itself and reports the link', async () => {
    const user = fixtureUser({ linkedAccounts: [] })
    const { calls, events } = setup({ user }, { request: { intent: 'link', method: 'passkey' } })
    await waitFor(() => events.links.length === 1, 'the link reported')
    assertEqual(calls.passkeys, ['link'], 'one link ceremony')
    assertEqual(events.links[0].linkMethod, 'passkey', 'link method')
  })
})

describe('passkey hooks', () => {
  function hooks(script = {}) {
    const client = createAccessClient(script)
    const host = newHost()
    const { root, probe } = mountHooksHost(host, client)
    track(root, host)
    return { client, probe }
  }

  it('useSignupWithPasskey and useLoginWithPasskey report completion with the user, and share the flow state', async () => {
    const { client, probe } = hooks()
    await waitFor(() => probe.results.mounted, 'mounted')
    await probe.results.passkeySignup.signupWithPasskey()
    assertEqual(
      probe.callbacks.map((callback) => callback.name),
      ['passkeySignup.complete'],
      'signup callback',
    )
    assertEqual(probe.callbacks[0].detail.isNewUser, true, 'a new user')
    await waitFor(() => probe.results.passkeySignup.state.status === 'done', 'state done')
    client.getAuth = () => ({ status: 'unauthenticated', user: null })
    await probe.results.passkeyLogin.loginWithPasskey()
    assertEqual(probe.callbacks.at(-1).name, 'passkeyLogin.complete', 'login callback')
    assertEqual(probe.callbacks.at(-1).detail.loginMethod, 'passkey', 'login method')
  })

  it('useLinkWithPasskey reports a failure to onError and the state carries it', async () => {
    const { probe } = hooks({ user: fixtureUser(), passkey: { run: async () => Promise.reject(notAllowed()) } })
    await waitFor(() => probe.results.mounted, 'mounted')
    await probe.results.passkeyLink.linkWithPasskey()
    assertEqual(
      probe.callbacks.map((callback) => callback.name),
      ['passkeyLink.error'],
      'error callback',
    )
    assertEqual(probe.callbacks[0].detail.code, 'passkey_not_allowed', 'code')
    await waitFor(() => probe.results.passkeyLink.state.status === 'error', 'state error')
    assertEqual(probe.results.passkeyLink.state.intent, 'link', 'intent')
  })

  it('useUnlinkAccount().unlinkPasskey removes by credential id', async () => {
    const { client, probe } = hooks({ user: fixtureUser() })
    await waitFor(() => probe.results.mounted, 'mounted')
    await probe.results.unlink.unlinkPasskey('cred-1')
    assertEqual(client.calls.unlinks, [['passkey', 'cred-1']], 'unlink call')
  })
})
