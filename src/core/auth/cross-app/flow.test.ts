import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  CROSS_APP_POPUP_CLOSED_POLL_MS,
  CROSS_APP_REQUEST_TIMEOUT_MS,
  crossAppMessageTypes,
  type CrossAppConnectionDto,
  type LinkedAccountDto,
  type UserDto,
} from '../../../protocol/index.js'
import { createTransport } from '../../api/transport.js'
import { TesseraError } from '../../errors/base-error.js'
import { createAccountChanges } from '../../session/account-changes.js'
import { createMemoryStorage } from '../../session/storage.js'
import { startFakeApi, type FakeApi } from '../../test-support/api-server.js'
import { apiRoutes } from '../../test-support/fake-routes.js'
import { authResponse, TEST_APP_ID, userDto } from '../../test-support/fixtures.js'
import type { CrossAppActions } from './types.js'
import type { ClientEvents, CrossAppFlowState, LoginMethodName, TokenStorage } from '../../types.js'
import { userFromDto } from '../../user/from-dto.js'
import { createEmitter } from '../../utils/emitter.js'
import { createStore } from '../../utils/store.js'
import { codeChallengeS256 } from '../oauth/pkce.js'
import { FakePopup, FakeWindow, ORIGIN } from '../oauth/test-support/fake-window.js'
import { FakeEmbeddedWallets } from './test-support/fake-embedded-wallets.js'
import { createCrossAppFlow, initialCrossAppFlowState } from './flow.js'

const PROVIDER_ID = 'tessera-provider-app-0001'
const PROVIDER_ORIGIN = 'https://provider.example'
const AUTHORIZE_URL = `${PROVIDER_ORIGIN}/cross-app?app=1`
const TRANSACT_URL = `${PROVIDER_ORIGIN}/transact?app=1`
const USER_ID = userDto().id
const tokenKey = `tessera:${TEST_APP_ID}:cross_app_token:${USER_ID}:${PROVIDER_ID}`
const connection: CrossAppConnectionDto = {
  provider_app_id: PROVIDER_ID,
  provider_app_name: 'Provider',
  provider_app_icon_url: null,
  provider_app_custom_api_url: null,
  read_only: false,
  provider_app_custom_auth_authorize_url: AUTHORIZE_URL,
  provider_app_custom_auth_transact_url: null,
}
/** The provider user's embedded wallet: the cross-app account names it, and on the provider's page it signs. */
const PROVIDER_WALLET = '0x1111111111111111111111111111111111111111'
const crossAppAccount: LinkedAccountDto = {
  type: 'cross_app',
  subject: 'did:privy:provider-user',
  embedded_wallets: [{ address: PROVIDER_WALLET }],
  smart_wallets: [],
  provider_app: { id: PROVIDER_ID, name: 'Provider' },
  verified_at: 1_700_000_000,
  first_verified_at: null,
  latest_verified_at: null,
}
const providerWalletAccount: LinkedAccountDto = {
  type: 'wallet',
  address: PROVIDER_WALLET,
  imported: false,
  delegated: false,
  chain_type: 'ethereum',
  chain_id: 'eip155:1',
  wallet_client_type: 'privy',
  connector_type: 'embedded',
  recovery_method: 'privy',
  wallet_index: 0,
  verified_at: 1_700_000_000,
  first_verified_at: null,
  latest_verified_at: null,
} as LinkedAccountDto

let api: FakeApi
let win: FakeWindow
let signedIn: boolean
let storage: TokenStorage
let readOnly: boolean
/** The signed-in user's accounts (one user plays both sides: its cross-app account, and the provider's wallet). */
let accounts: LinkedAccountDto[]
let wallets: FakeEmbeddedWallets
const logins: LoginMethodName[] = []
const links: ClientEvents['link'][] = []
const analytics: string[] = []

beforeEach(async () => {
  api = await startFakeApi(
    apiRoutes({
      [`GET /api/v1/apps/${TEST_APP_ID}/cross-app/connections`]: () => ({ body: { connections: [{ ...connection, read_only: readOnly }] } }),
      [`GET /api/v1/apps/${PROVIDER_ID}/cross-app/details`]: () => ({
        body: { id: PROVIDER_ID, name: 'Provider', icon_url: 'https://provider.example/icon.png', authorize_url: AUTHORIZE_URL, transact_url: TRANSACT_URL },
      }),
      'POST /api/v1/cross-app/transact/init': () => ({ body: { transact_url: TRANSACT_URL } }),
      'POST /api/v1/cross-app/transact/requester': (request) => {
        const { requester_origin: origin } = request.body as { requester_origin: string }
        return origin === 'https://requester.example'
          ? { body: { app_id: TEST_APP_ID, name: 'Requester', icon_url: null, read_only: readOnly } }
          : { status: 403, body: { error: 'The requester origin is not allowed for this app', code: 'invalid_origin' } }
      },
      'POST /api/v1/cross-app/authenticate': async () => ({
        body: await authResponse({ user: userDto({ linked_accounts: [crossAppAccount] }), is_new_user: true }),
      }),
      'POST /api/v1/cross-app/link': () => ({ body: userDto({ linked_accounts: [...userDto().linked_accounts, crossAppAccount] }) }),
      'POST /api/v1/cross-app/unlink': () => ({ body: userDto() }),
      'GET /api/v1/cross-app/requesters/tessera-test-app-00000001': () => ({
        body: { app_id: TEST_APP_ID, name: 'Requester', icon_url: null, read_only: readOnly },
      }),
      'POST /api/v1/cross-app/authorize': (request) => ({
        body: { authorization_code: 'code-1', requester_origin: (request.body as { requester_origin: string }).requester_origin },
      }),
    }),
  )
  win = new FakeWindow()
  signedIn = false
  storage = createMemoryStorage()
  readOnly = false
  accounts = [...userDto().linked_accounts, crossAppAccount, providerWalletAccount]
  wallets = new FakeEmbeddedWallets(() => accounts.push(providerWalletAccount))
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
  const flow: CrossAppActions = createCrossAppFlow({
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
    storage,
    getUser: () => (signedIn ? userFromDto(userDto({ linked_accounts: accounts })) : null),
    embeddedWallets: wallets,
    sendAnalyticsEvent: async (eventName) => void analytics.push(eventName),
    window: () => win,
  })
  return { flow, state }
}

/** The popup's address once the flow has sent it to the provider. */
async function popupRequest(index = 0): Promise<{ popup: FakePopup; url: URL }> {
  await vi.waitFor(() => expect(win.opened[index]?.popup.location.href).toMatch(/^https:/))
  const popup = win.opened[index]!.popup
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
    win.dispatch({
      origin: PROVIDER_ORIGIN,
      source: new FakePopup(),
      data: { type: crossAppMessageTypes.response, state_code: stateCode, authorization_code: 'forged' },
    })
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

  it("passes on the provider page's rejection", async () => {
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
    await expect(flow.login('tessera-unknown-app-00001')).rejects.toMatchObject({
      code: 'cross_app_connection_not_allowed',
      shortMessage: 'Invalid connected app',
    })
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
    expect(await flow.getConnections()).toEqual([
      {
        providerAppId: PROVIDER_ID,
        providerAppName: 'Provider',
        providerAppIconUrl: null,
        providerAppCustomApiUrl: null,
        readOnly: false,
        authorizeUrl: AUTHORIZE_URL,
        transactUrl: null,
      },
    ])
  })
})

describe('transacting through the provider', () => {
  /** Signs in through the provider popup, whose answer sets `token`. */
  async function signInWithToken(flow: CrossAppActions, token = 'provider-token-1') {
    const login = flow.login(PROVIDER_ID)
    const { popup, url } = await popupRequest()
    answer(popup, {
      type: crossAppMessageTypes.response,
      state_code: url.searchParams.get('state_code'),
      authorization_code: 'code-1',
      token_action: { action: 'set', token },
    })
    await login
    signedIn = true
  }
  const transactHash = (url: URL) => new URLSearchParams(url.hash.slice(1))

  it('getAccessTokenForProvider answers the token the provider set for the signed-in user (useGetAccessTokenForProvider), null for another app', async () => {
    const { flow } = newFlow()
    expect(await flow.getAccessTokenForProvider(PROVIDER_ID)).toBeNull()
    await signInWithToken(flow, 'provider-token-7')
    expect(await flow.getAccessTokenForProvider(PROVIDER_ID)).toBe('provider-token-7')
    expect(await flow.getAccessTokenForProvider('another-provider-app')).toBeNull()
  })

  it('stores the token the provider sets, sends it with a request, returns the result, and applies a clear', async () => {
    const { flow } = newFlow()
    await signInWithToken(flow)
    expect(await storage.get(tokenKey)).toBe('provider-token-1')
    const signed = flow.signMessage({ providerAppId: PROVIDER_ID, message: 'hello' })
    // The connections are known: the popup opens inside the click.
    expect(win.opened).toHaveLength(2)
    const { popup, url } = await popupRequest(1)
    expect(url.origin + url.pathname + url.search).toBe(TRANSACT_URL)
    expect(url.search).not.toContain('provider-token-1')
    const params = transactHash(url)
    expect(params.get('token')).toBe('provider-token-1')
    expect(params.get('requester_app_id')).toBe(TEST_APP_ID)
    expect(params.get('requester_origin')).toBe(ORIGIN)
    // The reference SDK's shape: the message, then the cross-app account's wallet (the first, unless another is named).
    expect(JSON.parse(params.get('request')!)).toEqual({ method: 'personal_sign', params: ['hello', PROVIDER_WALLET] })
    expect(api.calls('/api/v1/cross-app/transact/init')[0]!.body).toEqual({ provider_app_id: PROVIDER_ID })
    answer(popup, { type: crossAppMessageTypes.actionResponse, state_code: params.get('state_code'), result: '0xsignature' })
    expect(await signed).toEqual({ signature: '0xsignature' })

    const sent = flow.sendTransaction({ providerAppId: PROVIDER_ID, transaction: { to: '0x0', value: '0x1' } })
    const second = await popupRequest(2)
    expect(JSON.parse(transactHash(second.url).get('request')!)).toEqual({
      method: 'eth_sendTransaction',
      params: [{ to: '0x0', value: '0x1', from: PROVIDER_WALLET }],
    })
    answer(second.popup, {
      type: crossAppMessageTypes.actionError,
      state_code: transactHash(second.url).get('state_code'),
      error: 'Transactions require a valid token',
      token_action: { action: 'clear' },
    })
    await expect(sent).rejects.toMatchObject({ code: 'cross_app_request_error', shortMessage: 'Transactions require a valid token' })
    expect(await storage.get(tokenKey)).toBeNull()
    // Without a token nothing is sent: the popup opened inside the click closes again.
    await expect(flow.signMessage({ providerAppId: PROVIDER_ID, message: 'again' })).rejects.toMatchObject({
      shortMessage: 'Transactions require a valid token',
    })
    expect(win.opened[3]!.popup.closed).toBe(true)
    expect(api.calls('/api/v1/cross-app/transact/init')).toHaveLength(2)
  })

  it("asks for typed data and a signed transaction in the reference SDK's shapes, from the cross-app account's wallet only", async () => {
    const { flow } = newFlow()
    await signInWithToken(flow)
    const typedData = { domain: { name: 'Demo' }, types: { Mail: [{ name: 'body', type: 'string' }] }, primaryType: 'Mail', message: { body: 'hi' } }
    const typed = flow.signTypedData({ providerAppId: PROVIDER_ID, typedData, address: PROVIDER_WALLET.toUpperCase().replace('0X', '0x') })
    const first = await popupRequest(1)
    expect(JSON.parse(transactHash(first.url).get('request')!)).toEqual({ method: 'eth_signTypedData_v4', params: [PROVIDER_WALLET, typedData] })
    answer(first.popup, { type: crossAppMessageTypes.actionResponse, state_code: transactHash(first.url).get('state_code'), result: '0xtyped' })
    expect(await typed).toEqual({ signature: '0xtyped' })
    const signedTx = flow.signTransaction({ providerAppId: PROVIDER_ID, transaction: { to: '0x0', chainId: 31337 } })
    const second = await popupRequest(2)
    expect(JSON.parse(transactHash(second.url).get('request')!)).toEqual({
      method: 'eth_signTransaction',
      params: [{ to: '0x0', chainId: 31337, from: PROVIDER_WALLET }],
    })
    answer(second.popup, { type: crossAppMessageTypes.actionResponse, state_code: transactHash(second.url).get('state_code'), result: '0xrawtx' })
    expect(await signedTx).toEqual({ signature: '0xrawtx' })
    // Bigints go as hex quantities, as the reference sends them (JSON has none).
    const sentBig = flow.sendTransaction({ providerAppId: PROVIDER_ID, transaction: { to: '0x0', value: 10n ** 15n } })
    const third = await popupRequest(3)
    expect(JSON.parse(transactHash(third.url).get('request')!)).toEqual({
      method: 'eth_sendTransaction',
      params: [{ to: '0x0', value: '0x38d7ea4c68000', from: PROVIDER_WALLET }],
    })
    answer(third.popup, { type: crossAppMessageTypes.actionResponse, state_code: transactHash(third.url).get('state_code'), result: '0xhash' })
    expect(await sentBig).toEqual({ transactionHash: '0xhash' })
    // Another address than the account's wallets is refused before any popup, as is an account without a wallet.
    const opened = win.opened.length
    await expect(
      flow.signMessage({ providerAppId: PROVIDER_ID, message: 'hello', address: '0x2222222222222222222222222222222222222222' }),
    ).rejects.toMatchObject({ code: 'cross_app_request_error', shortMessage: 'Cannot request a signature with this wallet address' })
    accounts = accounts.map((account) => (account.type === 'cross_app' ? { ...account, embedded_wallets: [] } : account))
    await expect(flow.sendTransaction({ providerAppId: PROVIDER_ID, transaction: {} })).rejects.toMatchObject({
      shortMessage: 'Cannot request a signature with this wallet address',
    })
    expect(win.opened).toHaveLength(opened)
  })

  it('refuses a read-only connection before any popup, and a signed-out user', async () => {
    readOnly = true
    signedIn = true
    await storage.put(tokenKey, 'provider-token-1')
    const fresh = newFlow().flow
    await expect(fresh.signMessage({ providerAppId: PROVIDER_ID, message: 'hello' })).rejects.toMatchObject({
      code: 'cross_app_read_only',
      shortMessage: 'Cannot transact against a read-only provider app',
    })
    // Known connections: refused synchronously, still no popup.
    const signing = fresh.signMessage({ providerAppId: PROVIDER_ID, message: 'hello' })
    expect(win.opened).toHaveLength(0)
    await expect(signing).rejects.toMatchObject({ code: 'cross_app_read_only' })
    await expect(fresh.signMessage({ providerAppId: 'tessera-unknown-app-00001', message: 'hello' })).rejects.toMatchObject({
      code: 'cross_app_connection_not_allowed',
    })
    signedIn = false
    await expect(fresh.signMessage({ providerAppId: PROVIDER_ID, message: 'hello' })).rejects.toMatchObject({ code: 'must_be_authenticated' })
    expect(win.opened).toHaveLength(0)
    expect(api.calls('/api/v1/cross-app/transact/init')).toHaveLength(0)
  })

  it('refuses an answer with another state code, and applies none of its token action', async () => {
    const { flow } = newFlow()
    await signInWithToken(flow)
    const signed = flow.signMessage({ providerAppId: PROVIDER_ID, message: 'hello' })
    const { popup } = await popupRequest(1)
    answer(popup, { type: crossAppMessageTypes.actionResponse, state_code: 'someone-elses-state', result: '0xforged', token_action: { action: 'clear' } })
    await expect(signed).rejects.toMatchObject({ code: 'oauth_state_mismatch' })
    expect(analytics).toContain('possible_phishing_attempt')
    expect(await storage.get(tokenKey)).toBe('provider-token-1')
    expect(popup.closed).toBe(true)
  })

  it('treats a rejection or a closed popup as rejected, and times out after 2 minutes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] })
    const { flow } = newFlow()
    await signInWithToken(flow)
    const rejected = flow.signMessage({ providerAppId: PROVIDER_ID, message: 'hello' })
    const first = await popupRequest(1)
    answer(first.popup, { type: crossAppMessageTypes.actionError, state_code: transactHash(first.url).get('state_code'), error: 'User rejected request' })
    await expect(rejected).rejects.toMatchObject({ code: 'oauth_user_denied', shortMessage: 'User rejected request' })

    const closed = flow.signMessage({ providerAppId: PROVIDER_ID, message: 'hello' })
    const second = await popupRequest(2)
    second.popup.closed = true
    const closedSettled = expect(closed).rejects.toMatchObject({ code: 'oauth_user_denied' })
    await vi.advanceTimersByTimeAsync(CROSS_APP_POPUP_CLOSED_POLL_MS * 2)
    await closedSettled

    const late = flow.sendTransaction({ providerAppId: PROVIDER_ID, transaction: {} })
    await popupRequest(3)
    const lateSettled = expect(late).rejects.toMatchObject({ code: 'client_request_timeout' })
    await vi.advanceTimersByTimeAsync(CROSS_APP_REQUEST_TIMEOUT_MS)
    await lateSettled
    expect(win.opened[3]!.popup.closed).toBe(true)
    expect(win.listenerCount).toBe(0)
  })

  it("fetches a provider's details once, and answers null (logged) when that fails", async () => {
    const { flow } = newFlow()
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    expect(await flow.getProviderDetails(PROVIDER_ID)).toEqual({ appId: PROVIDER_ID, name: 'Provider', iconUrl: 'https://provider.example/icon.png' })
    await flow.getProviderDetails(PROVIDER_ID)
    expect(api.calls(`/api/v1/apps/${PROVIDER_ID}/cross-app/details`)).toHaveLength(1)
    expect(await flow.getProviderDetails('tessera-unknown-app-00001')).toBeNull()
    expect(warn).toHaveBeenCalledOnce()
    warn.mockRestore()
  })
})

describe('provider side', () => {
  const requestQuery = `?requester_app_id=${TEST_APP_ID}&requester_origin=${encodeURIComponent('https://requester.example')}&state_code=s-1&code_challenge=c-1`

  it('reads the request, names the requester, and posts the code to the requester origin only', async () => {
    signedIn = true
    readOnly = true
    win = new FakeWindow(`${PROVIDER_ORIGIN}/cross-app${requestQuery}`)
    const opener = new FakeWindow('https://requester.example/')
    win.opener = opener
    const { flow } = newFlow()
    const request = flow.readAuthorizationRequest()!
    expect(request).toEqual({ requesterAppId: TEST_APP_ID, requesterOrigin: 'https://requester.example', stateCode: 's-1', codeChallenge: 'c-1' })
    expect(await flow.getRequester(request)).toEqual({ appId: TEST_APP_ID, name: 'Requester', iconUrl: null, readOnly: true })
    await flow.approve(request)
    expect(api.calls('/api/v1/cross-app/authorize')[0]!.body).toEqual({
      requester_app_id: TEST_APP_ID,
      requester_origin: 'https://requester.example',
      state_code: 's-1',
      code_challenge: 'c-1',
    })
    expect(api.calls('/api/v1/cross-app/authorize')[0]!.headers.authorization).toBe('Bearer access-token')
    // The requester is read-only here: no token for transacting, and any earlier one is withdrawn.
    expect(opener.posted).toEqual([
      {
        message: { type: crossAppMessageTypes.response, state_code: 's-1', authorization_code: 'code-1', token_action: { action: 'clear' } },
        targetOrigin: 'https://requester.example',
      },
    ])
    expect(win.closed).toBe(true)
  })

  it('gives a requester that may transact a token, and answers its transact requests by that token', async () => {
    signedIn = true
    win = new FakeWindow(`${PROVIDER_ORIGIN}/cross-app${requestQuery}`)
    const opener = new FakeWindow('https://requester.example/')
    win.opener = opener
    const { flow } = newFlow()
    await flow.approve(flow.readAuthorizationRequest()!)
    const message = opener.posted[0]!.message as { token_action: { action: string; token: string } }
    expect(message.token_action.action).toBe('set')
    expect(message.token_action.token).toMatch(/^[A-Za-z0-9_-]{43,}$/)

    const transactPage = (token: string, walletRequest: unknown = { method: 'personal_sign', params: ['hello', PROVIDER_WALLET] }) => {
      const hash = new URLSearchParams({
        requester_app_id: TEST_APP_ID,
        requester_origin: 'https://requester.example',
        state_code: 's-2',
        token,
        request: JSON.stringify(walletRequest),
      })
      win = new FakeWindow(`${PROVIDER_ORIGIN}/transact#${hash}`)
      win.opener = opener
      opener.posted.length = 0
      return newFlow().flow
    }
    // The right token: the provider user's wallet signs, and the requester hears the signature.
    let page = transactPage(message.token_action.token)
    const request = (await page.readTransactRequest())!
    expect(request).toEqual({
      requesterAppId: TEST_APP_ID,
      requesterOrigin: 'https://requester.example',
      stateCode: 's-2',
      token: message.token_action.token,
      request: { method: 'personal_sign', params: ['hello', PROVIDER_WALLET] },
    })
    await page.approveTransact(request)
    expect(wallets.calls).toEqual([{ method: 'signMessage', input: { message: 'hello', address: PROVIDER_WALLET } }])
    expect(opener.posted).toEqual([
      {
        message: { type: crossAppMessageTypes.actionResponse, state_code: 's-2', result: '0xsigned-message' },
        targetOrigin: 'https://requester.example',
      },
    ])
    expect(win.closed).toBe(true)
    // Another token (or none given to this user): the requester is told to drop it.
    page = transactPage('not-the-token')
    await page.approveTransact((await page.readTransactRequest())!)
    expect(opener.posted[0]!.message).toEqual({
      type: crossAppMessageTypes.actionError,
      state_code: 's-2',
      error: 'Transactions require a valid token',
      token_action: { action: 'clear' },
    })
    page = transactPage(message.token_action.token)
    await page.denyTransact((await page.readTransactRequest())!)
    expect(opener.posted[0]!.message).toEqual({ type: crossAppMessageTypes.actionError, state_code: 's-2', error: 'User rejected request' })
    // A request naming an origin the requester does not allow is answered nowhere.
    const forgedHash = new URLSearchParams({
      requester_app_id: TEST_APP_ID,
      requester_origin: 'https://evil.example',
      state_code: 's-3',
      token: message.token_action.token,
      request: JSON.stringify({ method: 'personal_sign', params: ['x', PROVIDER_WALLET] }),
    })
    win = new FakeWindow(`${PROVIDER_ORIGIN}/transact#${forgedHash}`)
    win.opener = opener
    opener.posted.length = 0
    const forged = newFlow().flow
    await expect(forged.approveTransact((await forged.readTransactRequest())!)).rejects.toMatchObject({ code: 'invalid_origin' })
    expect(opener.posted).toEqual([])
    expect(win.closed).toBe(false)
    // Nothing to answer from a malformed request, or before the provider user signs in.
    win = new FakeWindow(`${PROVIDER_ORIGIN}/transact#state_code=s&token=t&requester_app_id=a&requester_origin=o&request=%7B%22method%22%3A%22eth_sign%22%7D`)
    expect(await newFlow().flow.readTransactRequest()).toBeNull()
    for (const malformed of [
      { method: 'personal_sign', params: ['hello'] },
      { method: 'eth_signTypedData_v4', params: [PROVIDER_WALLET, 42] },
      { method: 'eth_sendTransaction', params: ['0xraw'] },
      { method: 'eth_signTransaction', params: [{}, {}] },
    ]) {
      win = new FakeWindow(
        `${PROVIDER_ORIGIN}/transact#${new URLSearchParams({ state_code: 's', token: 't', requester_app_id: 'a', requester_origin: 'o', request: JSON.stringify(malformed) })}`,
      )
      expect(await newFlow().flow.readTransactRequest(), malformed.method).toBeNull()
    }
    signedIn = false
    await expect(transactPage('t').approveTransact(request)).rejects.toMatchObject({ code: 'must_be_authenticated' })
  })

  it("carries out each kind of request with the provider user's wallet, and answers its failures", async () => {
    signedIn = true
    const opener = new FakeWindow('https://requester.example/')
    win = new FakeWindow(`${PROVIDER_ORIGIN}/cross-app${requestQuery}`)
    win.opener = opener
    await newFlow().flow.approve(newFlow().flow.readAuthorizationRequest()!)
    const { token } = (opener.posted[0]!.message as { token_action: { token: string } }).token_action
    const answerTo = async (walletRequest: unknown, options?: { uiOptions: { showWalletUIs: boolean } }) => {
      win = new FakeWindow(
        `${PROVIDER_ORIGIN}/transact#${new URLSearchParams({
          requester_app_id: TEST_APP_ID,
          requester_origin: 'https://requester.example',
          state_code: 's-4',
          token,
          request: JSON.stringify(walletRequest),
        })}`,
      )
      win.opener = opener
      opener.posted.length = 0
      wallets.calls.length = 0
      const page = newFlow().flow
      await page.approveTransact((await page.readTransactRequest())!, options)
      const { type, state_code: _, ...rest } = opener.posted[0]!.message as Record<string, unknown>
      return { answered: type === crossAppMessageTypes.actionResponse ? 'result' : 'error', ...rest, calls: wallets.calls }
    }
    const typedData = { domain: { name: 'Demo' }, types: { Mail: [{ name: 'body', type: 'string' }] }, primaryType: 'Mail', message: { body: 'hi' } }
    const hidden = { uiOptions: { showWalletUIs: false } }
    expect(await answerTo({ method: 'personal_sign', params: ['hello', PROVIDER_WALLET] }, hidden)).toEqual({
      answered: 'result',
      result: '0xsigned-message',
      calls: [{ method: 'signMessage', input: { message: 'hello', address: PROVIDER_WALLET, uiOptions: { showWalletUIs: false } } }],
    })
    expect(await answerTo({ method: 'eth_signTypedData_v4', params: [PROVIDER_WALLET, typedData] })).toEqual({
      answered: 'result',
      result: '0xsigned-typed-data',
      calls: [{ method: 'signTypedData', input: { typedData, address: PROVIDER_WALLET } }],
    })
    // The reference sends typed data as a JSON string, as eth_signTypedData_v4 allows.
    expect((await answerTo({ method: 'eth_signTypedData_v4', params: [PROVIDER_WALLET, JSON.stringify(typedData)] })).calls).toEqual([
      { method: 'signTypedData', input: { typedData, address: PROVIDER_WALLET } },
    ])
    const transaction = { to: '0x3333333333333333333333333333333333333333', value: '0x1', chainId: 31337, from: PROVIDER_WALLET }
    expect(await answerTo({ method: 'eth_sendTransaction', params: [transaction] })).toEqual({
      answered: 'result',
      result: '0xtransaction-hash',
      calls: [{ method: 'sendTransaction', input: { transaction, address: PROVIDER_WALLET } }],
    })
    expect(await answerTo({ method: 'eth_signTransaction', params: [transaction] })).toEqual({
      answered: 'result',
      result: '0xsigned-transaction',
      calls: [{ method: 'signTransaction', input: { transaction, address: PROVIDER_WALLET } }],
    })
    // A transaction without `from` is the user's first Ethereum wallet's.
    expect((await answerTo({ method: 'eth_sendTransaction', params: [{ to: transaction.to }] })).calls).toEqual([
      { method: 'sendTransaction', input: { transaction: { to: transaction.to }, address: PROVIDER_WALLET } },
    ])
    // The user declined in the wallet's confirmation; the wallet failed; another address than the user's.
    wallets.failure = Object.assign(new Error('The user rejected the request.'), { code: 4001 })
    expect(await answerTo({ method: 'eth_sendTransaction', params: [transaction] })).toMatchObject({ answered: 'error', error: 'User rejected request' })
    wallets.failure = new TesseraError({ code: 'insufficient_funds', shortMessage: 'Insufficient funds' })
    expect(await answerTo({ method: 'eth_sendTransaction', params: [transaction] })).toMatchObject({ answered: 'error', error: 'Insufficient funds' })
    expect(await answerTo({ method: 'personal_sign', params: ['hello', '0x2222222222222222222222222222222222222222'] })).toEqual({
      answered: 'error',
      error: 'Cannot request a signature with this wallet address',
      calls: [],
    })
  })

  it('gives the provider user a wallet before consenting to a requester that may transact, waiting for one being created', async () => {
    signedIn = true
    accounts = [...userDto().linked_accounts]
    const opener = new FakeWindow('https://requester.example/')
    win = new FakeWindow(`${PROVIDER_ORIGIN}/cross-app${requestQuery}`)
    win.opener = opener
    const { flow } = newFlow()
    await flow.approve(flow.readAuthorizationRequest()!)
    expect(wallets.calls).toEqual([{ method: 'create', input: { chainType: 'ethereum' } }])
    expect(opener.posted[0]!.message).toMatchObject({ type: crossAppMessageTypes.response, authorization_code: 'code-1' })
    // A login's creation under way is awaited, not doubled: the code waits for it.
    accounts = [...userDto().linked_accounts]
    wallets.calls.length = 0
    opener.posted.length = 0
    wallets.setStatus('creating')
    win = new FakeWindow(`${PROVIDER_ORIGIN}/cross-app${requestQuery}`)
    win.opener = opener
    const second = newFlow().flow
    const approving = second.approve(second.readAuthorizationRequest()!)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(api.calls('/api/v1/cross-app/authorize')).toHaveLength(1)
    accounts.push(providerWalletAccount)
    wallets.setStatus('ready')
    await approving
    expect(wallets.calls).toEqual([])
    expect(api.calls('/api/v1/cross-app/authorize')).toHaveLength(2)
    // A read-only requester gets no wallet made for it.
    readOnly = true
    accounts = [...userDto().linked_accounts]
    win = new FakeWindow(`${PROVIDER_ORIGIN}/cross-app${requestQuery}`)
    win.opener = opener
    const third = newFlow().flow
    await third.approve(third.readAuthorizationRequest()!)
    expect(wallets.calls).toEqual([])
  })

  it('answers a denial with the rejection, and reads no request from a plain address', async () => {
    win = new FakeWindow(`${PROVIDER_ORIGIN}/cross-app${requestQuery}`)
    const opener = new FakeWindow('https://requester.example/')
    win.opener = opener
    const { flow } = newFlow()
    await flow.deny(flow.readAuthorizationRequest()!)
    expect(win.closed).toBe(true)
    expect(opener.posted).toEqual([
      { message: { type: crossAppMessageTypes.error, error: 'User rejected request' }, targetOrigin: 'https://requester.example' },
    ])
    win = new FakeWindow(`${PROVIDER_ORIGIN}/cross-app`)
    expect(newFlow().flow.readAuthorizationRequest()).toBeNull()
  })
})
