// The Farcaster screen in Chromium through the fixture bundle: the real UI over a client double (sign-in spec, "Screens and routes" and "The error catalogue").
import { sendKeys } from '@web/test-runner-commands'
import { assert, assertEqual, assertInlineQr, mountedHosts, waitFor } from './browser-assertions.js'

const { createScriptedClient, mountView, TesseraError, FIXTURE_FARCASTER_URI, qrModules } = await import('/.test-data/browser-fixtures/auth-modal-view.js')

const user = { id: 'did:privy:fixture', linkedAccounts: [] }
const { newHost, track } = mountedHosts()

function setup(script = {}, viewProps = {}) {
  const calls = { farcaster: [], success: [], linked: [], errors: [] }
  const client = createScriptedClient({
    sendCode: async () => {},
    loginWithCode: async () => ({ user, isNewUser: false }),
    config: { loginMethods: ['email', 'farcaster'] },
    ...script,
    farcaster: (intent) => {
      calls.farcaster.push(intent)
      return script.farcaster?.(intent, calls.farcaster.length) ?? new Promise(() => {})
    },
  })
  const host = newHost()
  const { root, shadow } = mountView(host, {
    client,
    onClose: () => {},
    onLoginSuccess: (detail) => calls.success.push(detail),
    onAuthError: (error) => calls.errors.push(error.code),
    onLinkSuccess: (detail) => calls.linked.push(detail.linkMethod),
    ...viewProps,
  })
  track(root, host)
  const part = (name) => shadow.querySelector(`[part~="${name}"]`)
  const title = () => part('title')?.textContent
  return { calls, part, title }
}

/** Pretends to be a phone for the screen's mobile check. */
function asMobile(agent) {
  const original = Object.getOwnPropertyDescriptor(Navigator.prototype, 'userAgent')
  Object.defineProperty(navigator, 'userAgent', { get: () => agent, configurable: true })
  return () => {
    delete navigator.userAgent
    Object.defineProperty(Navigator.prototype, 'userAgent', original)
  }
}

describe('Farcaster screen', () => {
  it("the landing row opens 'Sign in with Farcaster' with a 275 px QR code, the hint and 'Copy link'", async () => {
    const { part, title, calls } = setup()
    const row = await waitFor(() => part('farcaster-button'), 'the Farcaster row')
    assertEqual(row.textContent, 'Farcaster', 'the row is labelled')
    row.focus()
    await sendKeys({ press: 'Enter' })
    await waitFor(() => title() === 'Sign in with Farcaster', 'the Farcaster screen')
    assertEqual(calls.farcaster, ['login'], 'the flow started once')
    const qr = await waitFor(() => part('farcaster-qr-code'), 'the QR code (qrcode loads lazily)')
    assertInlineQr(qr, { label: 'QR code to open in the Farcaster app', size: 275, modules: qrModules(FIXTURE_FARCASTER_URI, 'M') })
    assertEqual(part('farcaster-hint').textContent, 'To sign in with Farcaster, please open the Farcaster app.', 'the hint')
    const copy = part('farcaster-copy-link')
    assertEqual(copy.textContent, 'Copy link', 'the copy link')
    assertEqual(copy.getAttribute('href'), FIXTURE_FARCASTER_URI, 'it carries the connect URI')
    assertEqual(part('farcaster-open-app'), null, 'no open-app button on desktop')
  })

  it("shows 'Signing in with Farcaster' and signs in once the Farcaster app signed", async () => {
    let approve
    const { part, title, calls } = setup({ farcaster: () => new Promise((resolve) => (approve = resolve)) })
    ;(await waitFor(() => part('farcaster-button'), 'the Farcaster row')).click()
    await waitFor(() => part('farcaster-qr-code'), 'the QR code')
    approve(user)
    await waitFor(() => calls.success.length === 1, 'the login')
    assertEqual(calls.success[0].user.id, user.id, 'the signed-in user')
    assert(title() === 'Signing in with Farcaster' || title() === undefined, 'the signing-in title until the modal closes')
  })

  it("on a phone offers 'Open the Farcaster app' instead of the QR code", async () => {
    const restore = asMobile('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36')
    try {
      const { part } = setup()
      ;(await waitFor(() => part('farcaster-button'), 'the Farcaster row')).click()
      const open = await waitFor(() => part('farcaster-open-app'), 'the open-app button')
      assertEqual(open.textContent, 'Open the Farcaster app', 'its label')
      assertEqual(open.getAttribute('href'), FIXTURE_FARCASTER_URI, 'it opens the connect URI')
      assertEqual(part('farcaster-qr-code'), null, 'no QR code on a phone')
      assertEqual(part('farcaster-hint').textContent, 'To sign in with Farcaster, please open the Farcaster app.', 'the hint')
    } finally {
      restore()
    }
  })

  const failures = [
    [
      'a refused signature',
      new TesseraError({ code: 'invalid_credentials', shortMessage: 'The message is not signed by the custody address', status: 400 }),
      'Something went wrong. Try again.',
    ],
    [
      'a time-out',
      new TesseraError({ code: 'client_request_timeout', shortMessage: 'The request timed out. Try again.', retryable: true }),
      'The request timed out. Try again.',
    ],
    [
      'a rate limit',
      new TesseraError({ code: 'too_many_requests', shortMessage: 'Too many requests', status: 429 }),
      'Too many requests. Please wait before trying again.',
    ],
    [
      'an fid another user holds',
      new TesseraError({ code: 'linked_to_another_user', shortMessage: 'Linked to another user', status: 400 }),
      'This account has already been linked to another user.',
    ],
  ]
  for (const [label, error, message] of failures) {
    it(`shows 'Authentication failed' for ${label}, and 'Try again' starts a new channel`, async () => {
      const { part, title, calls } = setup({ farcaster: (_intent, attempt) => (attempt === 1 ? Promise.reject(error) : new Promise(() => {})) })
      ;(await waitFor(() => part('farcaster-button'), 'the Farcaster row')).click()
      await waitFor(() => title() === 'Authentication failed', 'the error')
      assertEqual(part('farcaster-error').textContent, message, 'the message')
      assertEqual(calls.errors, [error.code], 'reported to the host')
      part('retry-button').focus()
      await sendKeys({ press: 'Enter' })
      await waitFor(() => part('farcaster-qr-code'), 'a new QR code')
      assertEqual(calls.farcaster, ['login', 'login'], 'a second attempt')
    })
  }

  it('a link request opens on the screen, links, and reports linksuccess', async () => {
    const { title, calls } = setup({ user, farcaster: async () => user }, { request: { intent: 'link', method: 'farcaster' } })
    await waitFor(() => calls.linked.length === 1, 'the link')
    assertEqual(calls.farcaster, ['link'], 'the link flow')
    assertEqual(calls.linked, ['farcaster'], 'linksuccess names Farcaster')
    assert(title() !== 'Log in or sign up', 'it never showed the landing')
  })
})
