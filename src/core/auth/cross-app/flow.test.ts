import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CROSS_APP_POPUP_CLOSED_POLL_MS, CROSS_APP_REQUEST_TIMEOUT_MS, crossAppMessageTypes, type CrossAppConnectionDto, type LinkedAccountDto, type UserDto } from '../../../protocol/index.js'
import { createTransport } from '../../api/transport.js'
import { TesseraError } from '../../errors/base-error.js'
import { createAccountChanges } from '../../session/account-changes.js'
import { startFakeApi, type FakeApi } from '../../test-support/api-server.js'
import { apiRoutes } from '../../test-support/fake-routes.js'
import { authResponse, TEST_APP_ID, userDto } from '../../test-support/fixtures.js'
import type { ClientEvents, CrossAppFlowState, LoginMethodName, TesseraClient } from '../../types.js'
import { userFromDto } from '../../user/from-dto.js'
import { createEmitter } from '../../utils/emitter.js'
import { createStore } from '../../utils/store.js'
import { codeChallengeS256 } from '../oauth/pkce.js'
import { FakePopup, FakeWindow, ORIGIN } from '../oauth/test-support/fake-window.js'
import { createCrossAppFlow, initialCrossAppFlowState } from './flow.js'

const PROVIDER_ID = 'tessera-provider-app-0001'
const PROVIDER_ORIGIN = 'https://provider.example'
const AUTHORIZE_URL = `${PROVIDER_ORIGIN}/cross-app?app=1`
const connection: CrossAppConnectionDto = {
  provider_app_id: PROVIDER_ID,
  provider_app_name: 'Provider',
  provider_app_icon_url: null,
  provider_app_custom_api_url: null,
  read_only: false,
  provider_app_custom_auth_authorize_url: AUTHORIZE_URL,
  provider_app_custom_auth_transact_url: null,
}
const crossAppAccount: LinkedAccountDto = {
  type: 'cross_app', subject: 'did:privy:provider-user', embedded_wallets: [], smart_wallets: [], provider_app: { id: PROVIDER_ID, name: 'Provider' },
  verified_at: 1_700_000_000, first_verified_at: null, latest_verified_at: null,
}

let api: FakeApi
let win: FakeWindow
let signedIn: boolean
const logins: LoginMethodName[] = []
const links: ClientEvents['link'][] = []
const analytics: string[] = []

beforeEach(async () => {
  api = await startFakeApi(apiRoutes({
    [`GET /api/v1/apps/${TEST_APP_ID}/cross-app/connections`]: () => ({ body: { connections: [connection] } }),
    'POST /api/v1/cross-app/authenticate': async () => ({ body: await authResponse({ user: userDto({ linked_accounts: [crossAppAccount] }), is_new_user: true }) }),
    'POST /api/v1/cross-app/link': () => ({ body: userDto({ linked_accounts: [...userDto().linked_accounts, crossAppAccount] }) }),
    'POST /api/v1/cross-app/unlink': () => ({ body: userDto() }),
    'GET /api/v1/cross-app/requesters/tessera-test-app-00000001': () => ({ body: { app_id: TEST_APP_ID, name: 'Requester', icon_url: null, read_only: true } }),
    'POST /api/v1/cross-app/authorize': (request) => ({ body: { authorization_code: 'code-1', requester_origin: (request.body as { requester_origin: string }).requester_origin } }),
  }))
  win = new FakeWindow()
  signedIn = false
  logins.length = 0
  links.length = 0
  analytics.length = 0
})
afterEach(async () => {
  vi.useRealTimers()
  await api.close()
})

function newFlow() {
  const state = createStore<CrossAppFlowState>(initialCrossAppFlowState)
  const transport = createTransport({ apiUrl: api.url, appId: TEST_APP_ID, getAccessToken: async () => 'access-token', retryDelay: () => 1 })
  const events = createEmitter<ClientEvents>()
  events.on('link', (payload) => void links.push(payload))
  const flow: TesseraClient['crossApp'] = createCrossAppFlow({
    appId: TEST_APP_ID,
    state,
    transport,
    isAuthenticated: () => signedIn,
    authenticate: async (method, login) => {
      const response = await login()
      logins.push(method)
      return userFromDto(response.user)
    },
    accountChanges: createAccountChanges((dto: UserDto) => userFromDto(dto), events.emit),
    sendAnalyticsEvent: async (eventName) => void analytics.push(eventName),
    window: () => win,
  })
  return { flow, state }
}

/** The popup's address once the flow has sent it to the provider. */
async function popupRequest(): Promise<{ popup: FakePopup; url: URL }> {
  await vi.waitFor(() => expect(win.opened[0]?.popup.location.href).toMatch(/^https:/))
  const popup = win.opened[0]!.popup
  return { popup, url: new URL(popup.location.href) }
}

const answer = (popup: FakePopup, data: unknown, origin = PROVIDER_ORIGIN) => win.dispatch({ origin, source: popup, data })

describe('requester side', () => {
  it('opens the provider page in a popup at once, then signs in with the code it posts back', async () => {
    const { flow, state } = newFlow()
    const login = flow.login(PROVIDER_ID)
    // Synchronously, inside the click.
    expect(win.opened).toHaveLength(1)
    expect(win.opened[0]!.features).toContain('width=440,height=680')
    expect(state.get()).toMatchObject({ status: 'awaiting-popup', providerAppId: PROVIDER_ID, intent: 'login' })
    const { popup, url } = await popupRequest()
    expect(url.origin + url.pathname).toBe(`${PROVIDER_ORIGIN}/cross-app`)
    expect(url.searchParams.get('app')).toBe('1')
    expect(url.searchParams.get('requester_app_id')).toBe(TEST_APP_ID)
    expect(url.searchParams.get('requester_origin')).toBe(ORIGIN)
    const stateCode = url.searchParams.get('state_code')!
    // Another origin, or another window, is not the provider's answer.
    answer(popup, { type: crossAppMessageTypes.response, state_code: stateCode, authorization_code: 'forged' }, 'https://evil.example')
    win.dispatch({ origin: PROVIDER_ORIGIN, source: new FakePopup(), data: { type: crossAppMessageTypes.response, state_code: stateCode, authorization_code: 'forged' } })
    answer(popup, { type: crossAppMessageTypes.response, state_code: stateCode, authorization_code: 'code-1' })
    const user = await login
    expect(user.linkedAccounts[0]).toMatchObject({ type: 'cross_app', subject: 'did:privy:provider-user' })
    expect(logins).toEqual([`privy:${PROVIDER_ID}`])
    const [exchange] = api.calls('/api/v1/cross-app/authenticate')
    const body = exchange!.body as Record<string, string>
    expect(body).toMatchObject({ provider_app_id: PROVIDER_ID, authorization_code: 'code-1', state_code: stateCode, mode: 'login-or-sign-up' })
    expect(await codeChallengeS256(body.code_verifier!)).toBe(url.searchParams.get('code_challenge'))
    expect(state.get().status).toBe('done')
    expect(win.listenerCount).toBe(0)
  })

  it('refuses an answer with another state code as a phishing attempt', async () => {
    const { flow, state } = newFlow()
    const login = flow.login(PROVIDER_ID)
    const { popup } = await popupRequest()
    answer(popup, { type: crossAppMessageTypes.response, state_code: 'someone-elses-state', authorization_code: 'code-1' })
    await expect(login).rejects.toMatchObject({ code: 'oauth_state_mismatch', shortMessage: 'Unexpected auth flow. This may be a phishing attempt.' })
    expect(state.get().status).toBe('error')
    expect(analytics).toContain('possible_phishing_attempt')
    expect(api.calls('/api/v1/cross-app/authenticate')).toHaveLength(0)
  })

  it('treats a closed popup as a rejection', async () => {
    const { flow, state } = newFlow()
    const login = flow.login(PROVIDER_ID)
    const { popup } = await popupRequest()
    vi.useFakeTimers()
    popup.closed = true
    await vi.advanceTimersByTimeAsync(CROSS_APP_POPUP_CLOSED_POLL_MS * 2)
    await expect(login).rejects.toMatchObject({ code: 'oauth_user_denied', shortMessage: 'User rejected request' })
    expect(state.get().error?.shortMessage).toBe('User rejected request')
  })

  it('passes on the provider page\'s rejection', async () => {
    const { flow } = newFlow()
    const login = flow.login(PROVIDER_ID)
    const { popup } = await popupRequest()
    answer(popup, { type: crossAppMessageTypes.error, error: 'User rejected request' })
    await expect(login).rejects.toMatchObject({ code: 'oauth_user_denied' })
  })

  it('times out after 2 minutes', async () => {
    // Faked before the wait starts its timer; real time still runs for the HTTP calls.
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] })
    const { flow } = newFlow()
    const login = flow.login(PROVIDER_ID)
    await popupRequest()
    const settled = expect(login).rejects.toMatchObject({ code: 'client_request_timeout', shortMessage: 'Authorization request timed out after 2 minutes.' })
    await vi.advanceTimersByTimeAsync(CROSS_APP_REQUEST_TIMEOUT_MS)
    await settled
    expect(win.opened[0]!.popup.closed).toBe(true)
  })

  it('refuses a provider this app is not connected to, and a blocked popup', async () => {
    const { flow } = newFlow()
    await expect(flow.login('tessera-unknown-app-00001')).rejects.toMatchObject({ code: 'cross_app_connection_not_allowed', shortMessage: 'Invalid connected app' })
    expect(win.opened[0]!.popup.closed).toBe(true)
    win.blockPopups = true
    await expect(flow.login(PROVIDER_ID)).rejects.toBeInstanceOf(TesseraError)
  })

  it('links for a signed-in user (and refuses a login then), then unlinks', async () => {
    signedIn = true
    const { flow } = newFlow()
    await expect(flow.login(PROVIDER_ID)).rejects.toMatchObject({ code: 'already_logged_in' })
    const link = flow.link(PROVIDER_ID)
    const { popup, url } = await popupRequest()
    answer(popup, { type: crossAppMessageTypes.response, state_code: url.searchParams.get('state_code'), authorization_code: 'code-1' })
    await link
    expect(links[0]).toMatchObject({ linkMethod: `privy:${PROVIDER_ID}`, linkedAccount: { type: 'cross_app', subject: 'did:privy:provider-user' } })
    await flow.unlink(PROVIDER_ID, 'did:privy:provider-user')
    expect(api.calls('/api/v1/cross-app/unlink')[0]!.body).toEqual({ provider_app_id: PROVIDER_ID, subject: 'did:privy:provider-user' })
  })

  it('closes the popup and rejects when reset mid-flow', async () => {
    const { flow, state } = newFlow()
    const login = flow.login(PROVIDER_ID)
    await popupRequest()
    flow.reset()
    await expect(login).rejects.toMatchObject({ code: 'exited_auth_flow' })
    expect(win.opened[0]!.popup.closed).toBe(true)
    expect(state.get()).toEqual(initialCrossAppFlowState)
  })

  it('lists the connections', async () => {
    const { flow } = newFlow()
    expect(await flow.getConnections()).toEqual([{
      providerAppId: PROVIDER_ID, providerAppName: 'Provider', providerAppIconUrl: null, providerAppCustomApiUrl: null, readOnly: false, authorizeUrl: AUTHORIZE_URL, transactUrl: null,
    }])
  })
})

describe('provider side', () => {
  const requestQuery = `?requester_app_id=${TEST_APP_ID}&requester_origin=${encodeURIComponent('https://requester.example')}&state_code=s-1&code_challenge=c-1`

  it('reads the request, names the requester, and posts the code to the requester origin only', async () => {
    win = new FakeWindow(`${PROVIDER_ORIGIN}/cross-app${requestQuery}`)
    const opener = new FakeWindow('https://requester.example/')
    win.opener = opener
    const { flow } = newFlow()
    const request = flow.readAuthorizationRequest()!
    expect(request).toEqual({ requesterAppId: TEST_APP_ID, requesterOrigin: 'https://requester.example', stateCode: 's-1', codeChallenge: 'c-1' })
    expect(await flow.getRequester(request)).toEqual({ appId: TEST_APP_ID, name: 'Requester', iconUrl: null, readOnly: true })
    await flow.approve(request)
    expect(api.calls('/api/v1/cross-app/authorize')[0]!.body).toEqual({ requester_app_id: TEST_APP_ID, requester_origin: 'https://requester.example', state_code: 's-1', code_challenge: 'c-1' })
    expect(api.calls('/api/v1/cross-app/authorize')[0]!.headers.authorization).toBe('Bearer access-token')
    expect(opener.posted).toEqual([{ message: { type: crossAppMessageTypes.response, state_code: 's-1', authorization_code: 'code-1' }, targetOrigin: 'https://requester.example' }])
    expect(win.closed).toBe(true)
  })

  it('answers a denial with the rejection, and reads no request from a plain address', async () => {
    win = new FakeWindow(`${PROVIDER_ORIGIN}/cross-app${requestQuery}`)
    const opener = new FakeWindow('https://requester.example/')
    win.opener = opener
    const { flow } = newFlow()
    await flow.deny(flow.readAuthorizationRequest()!)
    expect(win.closed).toBe(true)
    expect(opener.posted).toEqual([{ message: { type: crossAppMessageTypes.error, error: 'User rejected request' }, targetOrigin: 'https://requester.example' }])
    win = new FakeWindow(`${PROVIDER_ORIGIN}/cross-app`)
    expect(newFlow().flow.readAuthorizationRequest()).toBeNull()
  })
})
