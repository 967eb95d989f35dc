import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { OAuthActions } from './types.js'
import type { AuthenticatedUserDto, OAuthProvider, UserDto } from '../../../protocol/index.js'
import { createTransport } from '../../api/transport.js'
import { TesseraError } from '../../errors/base-error.js'
import { storageKeys } from '../../session/keys.js'
import { startFakeApi, type FakeApi } from '../../test-support/api-server.js'
import { apiRoutes } from '../../test-support/fake-routes.js'
import { authResponse, TEST_APP_ID, userDto } from '../../test-support/fixtures.js'
import { createAccountChanges } from '../../session/account-changes.js'
import type { ClientEvents, OAuthFlowState } from '../../types.js'
import { userFromDto } from '../../user/from-dto.js'
import { createEmitter } from '../../utils/emitter.js'
import { createStore } from '../../utils/store.js'
import { createOAuthFlow, initialOAuthFlowState } from './flow.js'
import { codeChallengeS256 } from './pkce.js'
import { POPUP_CLOSED_POLL_MS } from './popup.js'
import { FakePopup, FakeWindow, ORIGIN } from './test-support/fake-window.js'

const PROVIDER_URL = 'https://accounts.provider.example/authorize?client_id=abc'
const flowKey = storageKeys(TEST_APP_ID).oauthFlow

let api: FakeApi
let win: FakeWindow
let signedIn: boolean
let clock: number
const logins: { provider: OAuthProvider }[] = []
const changes: { event: 'link' | 'unlink'; payload: ClientEvents['link'] | ClientEvents['unlink'] }[] = []
const grants: ClientEvents['oauthTokens'][] = []
let linkTokens: Record<string, unknown> | null = null
const googleAccount = {
  type: 'google_oauth' as const,
  subject: 'g-7',
  email: 'ada@example.com',
  name: 'Ada',
  verified_at: 1_700_000_000,
  first_verified_at: null,
  latest_verified_at: null,
}
const analytics: { eventName: string; payload: Record<string, unknown> }[] = []

beforeEach(async () => {
  api = await startFakeApi(
    apiRoutes({
      'POST /api/v1/oauth/init': () => ({ body: { url: PROVIDER_URL } }),
      'POST /api/v1/oauth/authenticate': async () => ({ body: await authResponse({ is_new_user: true }) }),
      'POST /api/v1/oauth/link': () => ({
        body: {
          ...userDto({ id: 'did:privy:linked', linked_accounts: [...userDto().linked_accounts, googleAccount] }),
          ...(linkTokens && { oauth_tokens: linkTokens }),
        },
      }),
      'POST /api/v1/oauth/unlink': () => ({ body: userDto({ id: 'did:privy:unlinked' }) }),
    }),
  )
  win = new FakeWindow()
  signedIn = false
  clock = 1_000_000
  logins.length = 0
  changes.length = 0
  grants.length = 0
  linkTokens = null
  analytics.length = 0
})
afterEach(async () => {
  vi.useRealTimers()
  await api.close()
})

function newFlow(overrides: { authenticate?: (login: () => Promise<AuthenticatedUserDto>) => Promise<ReturnType<typeof userFromDto>> } = {}) {
  const state = createStore<OAuthFlowState>(initialOAuthFlowState)
  const transport = createTransport({ apiUrl: api.url, appId: TEST_APP_ID, getAccessToken: async () => 'access-token', retryDelay: () => 1 })
  const events = createEmitter<ClientEvents>()
  events.on('link', (payload) => void changes.push({ event: 'link', payload }))
  events.on('unlink', (payload) => void changes.push({ event: 'unlink', payload }))
  events.on('oauthTokens', (payload) => void grants.push(payload))
  const flow: OAuthActions = createOAuthFlow({
    appId: TEST_APP_ID,
    state,
    transport,
    isAuthenticated: () => signedIn,
    authenticate: async (provider, login) => {
      if (overrides.authenticate) return overrides.authenticate(login)
      const response = await login()
      logins.push({ provider })
      return userFromDto(response.user)
    },
    accountChanges: createAccountChanges((dto: UserDto) => userFromDto(dto), events.emit),
    sendAnalyticsEvent: async (eventName, payload) => void analytics.push({ eventName, payload }),
    window: () => win,
    now: () => clock,
  })
  return { flow, state }
}

/** Starts a redirect flow and brings the browser back with the provider's answer. */
async function redirectAndReturn(flow: OAuthActions, options: { code?: string; state?: string; intent?: 'login' | 'link'; disableSignup?: boolean } = {}) {
  void flow.start('google', { intent: options.intent, disableSignup: options.disableSignup })
  await vi.waitFor(() => expect(win.assigned).toHaveLength(1))
  const stored = win.stored()!
  win.url = new URL(
    `${ORIGIN}/login?tab=1&privy_oauth_code=${options.code ?? 'server-code'}&privy_oauth_state=${options.state ?? String(stored.stateCode)}&privy_oauth_provider=google#top`,
  )
  return stored
}

describe('OAuth redirect flow', () => {
  it('stores the state and verifier, sends the S256 challenge and leaves for the provider', async () => {
    const { flow, state } = newFlow()
    void flow.start('google', { disableSignup: true, headless: true, captchaToken: 'captcha-1' })
    expect(state.get()).toMatchObject({ status: 'redirecting', provider: 'google', intent: 'login', headless: true })
    await vi.waitFor(() => expect(win.assigned).toEqual([PROVIDER_URL]))
    const stored = win.stored()!
    expect(stored).toMatchObject({ provider: 'google', intent: 'login', headless: true, disableSignup: true })
    expect(stored.stateCode).toMatch(/^[A-Za-z0-9_-]{48}$/)
    expect(stored.codeVerifier).toMatch(/^[A-Za-z0-9_-]{48}$/)
    expect(stored.codeVerifier).not.toBe(stored.stateCode)
    const [init] = api.calls('/api/v1/oauth/init')
    expect(init!.body).toEqual({
      provider: 'google',
      redirect_to: `${ORIGIN}/login`,
      code_challenge: await codeChallengeS256(String(stored.codeVerifier)),
      state_code: stored.stateCode,
      token: 'captcha-1',
    })
  })

  it('sends the app-chosen redirect URL', async () => {
    const { flow } = newFlow()
    void flow.start('github', { redirectUrl: `${ORIGIN}/oauth/done` })
    await vi.waitFor(() => expect(win.assigned).toHaveLength(1))
    expect(api.calls('/api/v1/oauth/init')[0]!.body).toMatchObject({ provider: 'github', redirect_to: `${ORIGIN}/oauth/done` })
  })

  it('completes the return: exchanges the code with the stored verifier, cleans the address and forgets the flow', async () => {
    const { flow, state } = newFlow()
    const stored = await redirectAndReturn(flow, { disableSignup: true })
    const seen: string[] = []
    state.watch((value) => void seen.push(value.status))
    const user = await flow.handleReturn()
    expect(user?.id).toBe('did:privy:user-1')
    expect(logins).toEqual([{ provider: 'google' }])
    expect(api.calls('/api/v1/oauth/authenticate')[0]!.body).toEqual({
      authorization_code: 'server-code',
      state_code: stored.stateCode,
      code_verifier: stored.codeVerifier,
      mode: 'no-signup',
    })
    expect(win.url.href).toBe(`${ORIGIN}/login?tab=1#top`)
    expect(win.replacedWith).toEqual(['/login?tab=1#top'])
    expect(win.stored()).toBeNull()
    expect(seen).toEqual(['authenticating', 'done'])
    expect(state.get()).toMatchObject({ status: 'done', provider: 'google', intent: 'login', error: null })
    // The address no longer holds a return: a second call does nothing.
    expect(await flow.handleReturn()).toBeNull()
    expect(api.calls('/api/v1/oauth/authenticate')).toHaveLength(1)
  })

  it('links for the link intent and sends no mode', async () => {
    signedIn = true
    const { flow, state } = newFlow()
    const stored = await redirectAndReturn(flow, { intent: 'link' })
    const user = await flow.handleReturn()
    expect(user?.id).toBe('did:privy:linked')
    expect(changes).toEqual([
      { event: 'link', payload: { user, linkMethod: 'google', linkedAccount: expect.objectContaining({ type: 'google_oauth', subject: 'g-7' }) } },
    ])
    const [link] = api.calls('/api/v1/oauth/link')
    expect(link!.body).toEqual({ authorization_code: 'server-code', state_code: stored.stateCode, code_verifier: stored.codeVerifier })
    expect(link!.headers.authorization).toBe('Bearer access-token')
    expect(state.get()).toMatchObject({ status: 'done', intent: 'link' })
    expect(grants).toEqual([])
  })

  it("hands the provider's tokens of a link answer (a reauthorization) to the oauthTokens listeners, after the link", async () => {
    signedIn = true
    linkTokens = {
      provider: 'google',
      access_token: 'provider-access',
      access_token_expires_in_seconds: 3599,
      refresh_token: 'provider-refresh',
      scopes: ['openid', 'email'],
    }
    const { flow } = newFlow()
    await redirectAndReturn(flow, { intent: 'link' })
    const user = await flow.handleReturn()
    expect(changes.map((change) => change.event)).toEqual(['link'])
    expect(grants).toEqual([
      {
        user,
        oAuthTokens: {
          provider: 'google',
          accessToken: 'provider-access',
          accessTokenExpiresInSeconds: 3599,
          refreshToken: 'provider-refresh',
          refreshTokenExpiresInSeconds: undefined,
          scopes: ['openid', 'email'],
        },
      },
    ])
  })

  it('does nothing when the address holds no complete return', async () => {
    const { flow, state } = newFlow()
    win.url = new URL(`${ORIGIN}/login?privy_oauth_code=c&privy_oauth_state=s`)
    expect(await flow.handleReturn()).toBeNull()
    expect(win.replacedWith).toEqual([])
    expect(state.get()).toEqual(initialOAuthFlowState)
  })

  it('refuses a state this browser did not store as a possible phishing attempt, and reports it', async () => {
    const { flow, state } = newFlow()
    await redirectAndReturn(flow, { state: 'attacker-state' })
    const error = await flow.handleReturn().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TesseraError)
    expect(error).toMatchObject({ code: 'oauth_state_mismatch', shortMessage: 'Unexpected auth flow. This may be a phishing attempt.' })
    expect(analytics).toEqual([{ eventName: 'possible_phishing_attempt', payload: { flow: 'oauth', provider: 'google' } }])
    expect(api.calls('/api/v1/oauth/authenticate')).toHaveLength(0)
    expect(win.url.search).toBe('?tab=1')
    expect(state.get()).toMatchObject({ status: 'error', error })
  })

  it('refuses a return when nothing was stored (a link sent by someone else)', async () => {
    const { flow } = newFlow()
    win.url = new URL(`${ORIGIN}/?privy_oauth_code=c&privy_oauth_state=s&privy_oauth_provider=google`)
    await expect(flow.handleReturn()).rejects.toMatchObject({ code: 'oauth_state_mismatch' })
    expect(analytics.map((event) => event.eventName)).toEqual(['possible_phishing_attempt'])
  })

  it("treats the code 'undefined' as the user denying", async () => {
    const { flow } = newFlow()
    await redirectAndReturn(flow, { code: 'undefined' })
    await expect(flow.handleReturn()).rejects.toMatchObject({
      code: 'oauth_user_denied',
      shortMessage: 'User denied confirmation during OAuth flow',
      retryable: true,
    })
    expect(api.calls('/api/v1/oauth/authenticate')).toHaveLength(0)
    expect(analytics).toEqual([])
  })

  it('reports a failed provider leg (privy_oauth_error) with the server code, without calling authenticate', async () => {
    const { flow } = newFlow()
    const stored = await redirectAndReturn(flow)
    win.url = new URL(`${ORIGIN}/login?privy_oauth_error=invalid_credentials&privy_oauth_state=${String(stored.stateCode)}&privy_oauth_provider=google`)
    await expect(flow.handleReturn()).rejects.toMatchObject({ code: 'invalid_credentials', retryable: true })
    expect(api.calls('/api/v1/oauth/authenticate')).toHaveLength(0)
    expect(win.url.search).toBe('')
  })

  it("fails with 'Authentication error.' when the stored verifier is gone", async () => {
    const { flow } = newFlow()
    const stored = await redirectAndReturn(flow)
    win.sessionStorage.setItem(flowKey, JSON.stringify({ ...stored, codeVerifier: undefined }))
    await expect(flow.handleReturn()).rejects.toMatchObject({ code: 'unknown_auth_error', shortMessage: 'Authentication error.' })
    expect(api.calls('/api/v1/oauth/authenticate')).toHaveLength(0)
  })

  it('passes a server error code through', async () => {
    api.handle(
      apiRoutes({
        'POST /api/v1/oauth/init': () => ({ body: { url: PROVIDER_URL } }),
        'POST /api/v1/oauth/authenticate': () => ({ status: 403, body: { error: 'Suspended', code: 'oauth_account_suspended' } }),
      }),
    )
    const { flow, state } = newFlow()
    await redirectAndReturn(flow)
    await expect(flow.handleReturn()).rejects.toMatchObject({ code: 'oauth_account_suspended', status: 403 })
    expect(state.get().error?.code).toBe('oauth_account_suspended')
  })

  it("turns anything else into 'Invalid code during OAuth flow.'", async () => {
    const { flow } = newFlow({ authenticate: () => Promise.reject(new SyntaxError('bad json')) })
    await redirectAndReturn(flow)
    const error = (await flow.handleReturn().catch((e: unknown) => e)) as TesseraError
    expect(error).toMatchObject({ code: 'unknown_auth_error', shortMessage: 'Invalid code during OAuth flow.' })
    expect(error.cause).toBeInstanceOf(SyntaxError)
  })

  it('refuses to start a login when signed in, and a link when signed out', async () => {
    const { flow } = newFlow()
    await expect(flow.start('google', { intent: 'link' })).rejects.toMatchObject({ code: 'must_be_authenticated' })
    signedIn = true
    clock += 5_000
    await expect(flow.start('google')).rejects.toMatchObject({ code: 'already_logged_in' })
    expect(api.calls('/api/v1/oauth/init')).toHaveLength(0)
  })

  it('debounces starts for 2 s: a second press joins the first', async () => {
    const { flow } = newFlow()
    const first = flow.start('google')
    clock += 1_999
    expect(flow.start('github')).toBe(first)
    await vi.waitFor(() => expect(win.assigned).toHaveLength(1))
    clock += 1
    void flow.start('github')
    await vi.waitFor(() => expect(win.assigned).toHaveLength(2))
    expect(api.calls('/api/v1/oauth/init').map((call) => (call.body as { provider: string }).provider)).toEqual(['google', 'github'])
  })

  it('unlinks a provider identity', async () => {
    signedIn = true
    const { flow } = newFlow()
    const user = await flow.unlink('github', 'gh-42')
    expect(user.id).toBe('did:privy:unlinked')
    expect(changes).toEqual([{ event: 'unlink', payload: { user, unlinkMethod: 'github' } }])
    const [call] = api.calls('/api/v1/oauth/unlink')
    expect(call!.body).toEqual({ provider: 'github', subject: 'gh-42' })
    expect(call!.headers.authorization).toBe('Bearer access-token')
  })
})

describe('OAuth popup flow', () => {
  async function startPopup(flow: OAuthActions, intent: 'login' | 'link' = 'login') {
    const result = flow.start('google', { popup: true, intent })
    result.catch(() => undefined)
    expect(win.opened).toHaveLength(1)
    const { popup } = win.opened[0]!
    await vi.waitFor(() => expect(popup.location.href).toBe(PROVIDER_URL))
    const stateCode = (api.calls('/api/v1/oauth/init')[0]!.body as { state_code: string }).state_code
    return { result, popup, stateCode }
  }

  it('opens a centred 440×680 popup in the click, then sends it to the provider', async () => {
    const { flow, state } = newFlow()
    const { popup } = await startPopup(flow)
    expect(win.opened[0]).toMatchObject({ url: 'about:blank', features: 'popup=yes,width=440,height=680,left=500,top=150' })
    expect(state.get()).toMatchObject({ status: 'awaiting-popup', provider: 'google' })
    expect(win.assigned).toEqual([])
    expect(win.stored()).toBeNull()
    expect(popup.closed).toBe(false)
  })

  it('accepts the response only from this origin and from its own popup', async () => {
    const { flow, state } = newFlow()
    const { result, popup, stateCode } = await startPopup(flow)
    const response = { type: 'tessera:oauth', stateCode, authorizationCode: 'popup-code', provider: 'google' }
    win.dispatch({ origin: 'https://evil.example', source: popup, data: response })
    win.dispatch({ origin: ORIGIN, source: new FakePopup(), data: response })
    win.dispatch({ origin: ORIGIN, source: popup, data: { type: 'something-else' } })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(api.calls('/api/v1/oauth/authenticate')).toHaveLength(0)
    win.dispatch({ origin: ORIGIN, source: popup, data: response })
    const user = await result
    expect(user.id).toBe('did:privy:user-1')
    expect(api.calls('/api/v1/oauth/authenticate')[0]!.body).toMatchObject({
      authorization_code: 'popup-code',
      state_code: stateCode,
      mode: 'login-or-sign-up',
    })
    expect(state.get()).toMatchObject({ status: 'done' })
    expect(win.listenerCount).toBe(0)
  })

  it('refuses a popup response with another state', async () => {
    const { flow } = newFlow()
    const { result, popup } = await startPopup(flow)
    win.dispatch({ origin: ORIGIN, source: popup, data: { type: 'tessera:oauth', stateCode: 'forged', authorizationCode: 'c', provider: 'google' } })
    await expect(result).rejects.toMatchObject({ code: 'oauth_state_mismatch' })
    expect(analytics.map((event) => event.eventName)).toEqual(['possible_phishing_attempt'])
  })

  it('maps the error message: a denial keeps its code, anything else is an invalid code', async () => {
    const { flow } = newFlow()
    const first = await startPopup(flow)
    win.dispatch({ origin: ORIGIN, source: first.popup, data: { type: 'tessera:oauth:error', error: 'User denied confirmation during OAuth flow' } })
    await expect(first.result).rejects.toMatchObject({ code: 'oauth_user_denied' })
    expect(first.popup.closed).toBe(true)

    clock += 2_000
    win.opened.length = 0
    api.requests.length = 0
    const second = await startPopup(flow)
    win.dispatch({ origin: ORIGIN, source: second.popup, data: { type: 'tessera:oauth:error', error: 'boom' } })
    await expect(second.result).rejects.toMatchObject({ code: 'unknown_auth_error', shortMessage: 'Invalid code during OAuth flow.' })
  })

  it.each([
    ['login', 'exited_auth_flow'],
    ['link', 'exited_link_flow'],
  ] as const)('reports a popup closed without an answer (%s → %s)', async (intent, code) => {
    signedIn = intent === 'link'
    const { flow, state } = newFlow()
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    const { result, popup } = await startPopup(flow, intent)
    vi.advanceTimersByTime(POPUP_CLOSED_POLL_MS * 3)
    expect(state.get().status).toBe('awaiting-popup')
    popup.closed = true
    vi.advanceTimersByTime(POPUP_CLOSED_POLL_MS)
    expect(state.get().status).toBe('awaiting-popup')
    vi.advanceTimersByTime(POPUP_CLOSED_POLL_MS)
    await expect(result).rejects.toMatchObject({ code })
    expect(state.get()).toMatchObject({ status: 'error', error: { code } })
    expect(win.listenerCount).toBe(0)
  })

  it('fails clearly when the popup is blocked, without calling the server', async () => {
    win.blockPopups = true
    const { flow, state } = newFlow()
    await expect(flow.start('google', { popup: true })).rejects.toMatchObject({ code: 'unknown_auth_error', shortMessage: expect.stringContaining('blocked') })
    expect(api.calls('/api/v1/oauth/init')).toHaveLength(0)
    expect(state.get().status).toBe('error')
  })

  it('closes the popup and goes back to initial on reset', async () => {
    const { flow, state } = newFlow()
    const { result, popup } = await startPopup(flow)
    flow.reset()
    await expect(result).rejects.toMatchObject({ code: 'exited_auth_flow' })
    expect(popup.closed).toBe(true)
    expect(state.get()).toEqual(initialOAuthFlowState)
    expect(win.listenerCount).toBe(0)
  })

  it('inside the popup: posts the return to a same-origin opener with its own origin as target, then closes', async () => {
    const opener = new FakeWindow()
    win = new FakeWindow(`${ORIGIN}/login?privy_oauth_code=c9&privy_oauth_state=s9&privy_oauth_provider=discord&x=1`)
    win.opener = opener
    const { flow, state } = newFlow()
    expect(await flow.handleReturn()).toBeNull()
    expect(opener.posted).toEqual([{ message: { type: 'tessera:oauth', stateCode: 's9', authorizationCode: 'c9', provider: 'discord' }, targetOrigin: ORIGIN }])
    expect(win.closed).toBe(true)
    expect(win.url.search).toBe('?x=1')
    expect(state.get()).toEqual(initialOAuthFlowState)
    expect(api.requests.filter((request) => request.path.startsWith('/api/v1/oauth'))).toHaveLength(0)
  })

  it('inside the popup: a Google Drive recovery return is relayed to the opener (its waiter is the cloud recovery’s)', async () => {
    const opener = new FakeWindow()
    win = new FakeWindow(`${ORIGIN}/wallet?privy_oauth_code=c7&privy_oauth_state=s7&privy_oauth_provider=google-drive`)
    win.opener = opener
    const { flow } = newFlow()
    expect(await flow.handleReturn()).toBeNull()
    expect(opener.posted).toEqual([
      { message: { type: 'tessera:oauth', stateCode: 's7', authorizationCode: 'c7', provider: 'google-drive' }, targetOrigin: ORIGIN },
    ])
  })

  it('a login popup’s waiter refuses a Google Drive return as a phishing attempt', async () => {
    const { flow } = newFlow()
    const { result, popup, stateCode } = await startPopup(flow)
    // Even with this flow's own state code: a Drive return is not a login.
    win.dispatch({ origin: ORIGIN, source: popup, data: { type: 'tessera:oauth', stateCode, authorizationCode: 'c', provider: 'google-drive' } })
    await expect(result).rejects.toMatchObject({ code: 'oauth_state_mismatch' })
  })

  it('inside the popup: an unknown provider is posted as an error', async () => {
    const opener = new FakeWindow()
    win = new FakeWindow(`${ORIGIN}/?privy_oauth_code=c&privy_oauth_state=s&privy_oauth_provider=myspace`)
    win.opener = opener
    const { flow } = newFlow()
    await flow.handleReturn()
    expect(opener.posted[0]!.message).toEqual({ type: 'tessera:oauth:error', error: 'Invalid code during OAuth flow.' })
  })

  it('never posts to an opener of another origin: the page handles the return itself', async () => {
    const foreign = new FakeWindow('https://other.example/')
    win = new FakeWindow(`${ORIGIN}/?privy_oauth_code=c&privy_oauth_state=s&privy_oauth_provider=google`)
    win.opener = foreign
    const { flow } = newFlow()
    await expect(flow.handleReturn()).rejects.toMatchObject({ code: 'oauth_state_mismatch' })
    expect(foreign.posted).toEqual([])
    expect(win.closed).toBe(false)

    // A real cross-origin opener throws on access.
    win = new FakeWindow(`${ORIGIN}/?privy_oauth_code=c&privy_oauth_state=s&privy_oauth_provider=google`)
    win.opener = {
      get location(): never {
        throw new DOMException('Blocked a frame', 'SecurityError')
      },
      postMessage: vi.fn(),
    }
    await expect(newFlow().flow.handleReturn()).rejects.toMatchObject({ code: 'oauth_state_mismatch' })
    expect((win.opener as { postMessage: ReturnType<typeof vi.fn> }).postMessage).not.toHaveBeenCalled()
  })
})
