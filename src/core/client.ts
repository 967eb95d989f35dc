/** createClient(): the one store elements and hooks share (getX / watchX pairs, docs/architecture.md "The layers"). */
import type { AuthenticatedUserDto, LoginMfaRequiredResponse } from '../protocol/index.js'
import { sendAnalyticsEvent } from './api/analytics.js'
import { getAppConfig } from './api/apps.js'
import { createTransport } from './api/transport.js'
import { oauthTokensFromDto } from './auth/oauth/provider-tokens.js'
import { initialLoginMfaState, type LoginMfaApi } from './auth/login-mfa/types.js'
import { createLoginMethods } from './auth/login-methods.js'
import { accountTransferFrom } from './auth/transfer/account-transfer-from.js'
import { createCaptcha } from './captcha/flow.js'
import { captchaStateFor } from './captcha/site-key.js'
import { defaultConfig } from './config/defaults.js'
import { configFromDto } from './config/from-dto.js'
import { relayAppRpcs } from './chains/relay-app-rpcs.js'
import type { ClientInternals } from './client-internals.js'
import { mergeConfig, validateAppId, validateConfig } from './config/resolve.js'
import type { EffectiveConfig } from './config/types.js'
import { invalidConfigError, mustBeAuthenticatedError, toTesseraError } from './errors/client-errors.js'
import { createAccountChanges } from './session/account-changes.js'
import { storageKeys } from './session/keys.js'
import { createRecentLoginMethod } from './session/recent-login-method.js'
import { createSessionManager } from './session/session-manager.js'
import { createDefaultStorage } from './session/storage.js'
import type { AuthState, ClientEvents, ClientOptions, ConfigState, LoginMethodName, TesseraClient } from './types.js'
import type { User } from './user/types.js'
import { createEmitter } from './utils/emitter.js'
import { forwarding } from './utils/forwarding.js'
import { lazily } from './utils/lazily.js'
import { singleFlight } from './utils/single-flight.js'
import { createStore } from './utils/store.js'
import { createWallets } from './wallets/create-wallets.js'
import { lazyEmbeddedWallets } from './wallets/embedded/lazy-embedded-wallets.js'
import { lazyMfa } from './mfa/lazy-mfa.js'
import type { FundingApi, FundingState } from './funding/types.js'

/** A first factor's answer holding a pending sign-in (src/protocol/mfa-auth.ts); here so the first load keeps none of that module. */
const isLoginMfaRequired = (body: AuthenticatedUserDto | LoginMfaRequiredResponse): body is LoginMfaRequiredResponse => 'mfa_required' in body

export function createClient(options: ClientOptions & ClientInternals): TesseraClient {
  validateAppId(options.appId)
  const { appId } = options
  const apiUrl = options.apiUrl ?? globalThis.location?.origin
  if (!apiUrl) throw invalidConfigError('apiUrl is required outside a browser')
  // Client overrides are validated up front so a bad config fails at construction.
  // The host's overrides, merged over the defaults and then over the server config; `setConfig` replaces them.
  let overrides = options.config
  const localConfig = validateConfig(mergeConfig(defaultConfig(appId), overrides))
  let base: EffectiveConfig = defaultConfig(appId)

  const lifetime = new AbortController()
  const storage = options.storage ?? createDefaultStorage()
  const events = createEmitter<ClientEvents>()
  const config = createStore<ConfigState>({ source: 'defaults', config: localConfig, error: null })
  const auth = createStore<AuthState>({ status: 'loading', user: null })
  const identityToken = createStore<string | null>(null)
  const loginMfaState = createStore(initialLoginMfaState)
  const captchaState = createStore(captchaStateFor(localConfig))
  const recentLoginMethod = createRecentLoginMethod(storage, storageKeys(appId).recentLoginMethod)

  const transport = createTransport({
    apiUrl,
    appId,
    clientId: options.clientId,
    fetch: options.fetch,
    signal: lifetime.signal,
    retryDelay: options.retryDelay,
    getAccessToken: () => session.getAccessToken(),
    getAnalyticsId: () => session.getAnalyticsId(),
  })

  const session = createSessionManager({
    appId,
    storage,
    transport,
    locks: options.locks,
    // The server config announces cookie sessions with a non-null custom_api_url (docs/wire.md "Base URL and cookie sessions").
    cookieSessions: () => base.customApiUrl !== null,
    onUser(user, reason) {
      const previous = auth.get()
      auth.set({ status: user ? 'authenticated' : previous.status === 'loading' ? 'loading' : 'unauthenticated', user })
      if (!user && previous.user) events.emit('logout', { reason: reason ?? 'session-ended' })
    },
    onTokens(kind, value) {
      if (kind === 'identityToken') identityToken.set(value)
      else events.emit('accessToken', { accessToken: value })
    },
  })

  // Embedded wallets: the state here; their code loads on first use, once the signed-in user has one, or before a
  // login of an app that creates them (it hears the login and shows 'Creating your wallet' at once).
  const embeddedWallets = lazyEmbeddedWallets(auth, (state) =>
    import('./wallets/embedded/for-client.js').then((module) => module.embeddedWalletsForClient({ appId, options, transport, session, auth, config, storage, events, state, mfa, funding })),
  )
  // Wallet-action MFA: its code loads on first use.
  const mfa = lazyMfa((state, listeners) =>
    import('./mfa/for-client.js').then((module) => module.mfaForClient({ appId, options, transport, session, auth, config, storage, events, state, listeners, embeddedWallets })),
  )

  const finishLogin = async (loginMethod: LoginMethodName, response: AuthenticatedUserDto): Promise<User> => {
    const { ethereum, solana } = config.get().config.embeddedWallets
    if (ethereum.createOnLogin !== 'off' || solana.createOnLogin !== 'off') await embeddedWallets.load()
    const user = await session.storeLogin(response)
    await recentLoginMethod.remember(loginMethod)
    events.emit('login', { user, isNewUser: response.is_new_user ?? false, loginMethod })
    if (response.oauth_tokens) events.emit('oauthTokens', { oAuthTokens: oauthTokensFromDto(response.oauth_tokens), user })
    return user
  }
  // Sign-in MFA: its code loads with the first pending sign-in or call; the pending token stays inside it.
  const loginMfaCode = lazily(() =>
    import('./auth/login-mfa/login-mfa.js').then(({ createLoginMfa }) =>
      createLoginMfa({ state: loginMfaState, transport, isAuthenticated, finishLogin, session }),
    ),
  )
  const loginMfa = forwarding<LoginMfaApi>({ getState: loginMfaState.get, watch: loginMfaState.watch, cancel: () => loginMfaCode.loaded()?.cancel() }, loginMfaCode.load)

  const authenticate = singleFlight(async (loginMethod: LoginMethodName, login: () => Promise<AuthenticatedUserDto>): Promise<User> => {
    // A user with sign-in MFA gets no session from the first factor: the sign-in MFA code keeps it and rejects.
    const response: AuthenticatedUserDto | LoginMfaRequiredResponse = await login()
    return isLoginMfaRequired(response) ? (await loginMfaCode.load()).require(loginMethod, response) : finishLogin(loginMethod, response)
  })

  const isAuthenticated = () => auth.get().status === 'authenticated'
  const accountChanges = createAccountChanges(session.replaceUser, events.emit)
  // External wallets: stores here; discovery, connectors and SIWE/SIWS load on first use.
  const wallets = createWallets({
    appId,
    storage,
    transport,
    getConfig: () => config.get().config,
    watchConfig: config.watch,
    getUser: () => auth.get().user,
    isAuthenticated,
    authenticate,
    accountChanges,
    window: options.walletWindow !== undefined ? options.walletWindow : typeof window === 'undefined' ? null : window,
    timeoutMs: options.walletTimeoutMs,
    pollIntervalMs: options.walletTimeoutMs && Math.min(options.walletTimeoutMs / 10, 500),
    createWalletConnectSession: options.walletConnectSession,
  })
  // Funding: the sessions' state here; the code loads with the first `fundWallet`.
  const fundingState = createStore<FundingState>({ sessions: [] })
  const fundingCode = lazily(() =>
    import('./funding/for-client.js').then((module) => module.fundingForClient({ appId, options, transport, session, auth, config, storage, events, state: fundingState, wallets })),
  )
  const funding = forwarding<FundingApi>({ getState: fundingState.get, watchState: fundingState.watch }, fundingCode.load)
  const captcha = createCaptcha({ state: captchaState, transport, getConfig: () => config.get().config, turnstileScriptUrl: options.turnstileScriptUrl })
  const stopSyncingCaptcha = config.watch(() => captcha.syncConfig())

  async function loadConfig() {
    try {
      const dto = await getAppConfig(transport, appId, lifetime.signal)
      const fromServer = configFromDto(dto)
      if (fromServer.customApiUrl) transport.setApiUrl(fromServer.customApiUrl)
      base = relayAppRpcs(fromServer, transport.apiUrl)
      const serverConfig = validateConfig(mergeConfig(base, overrides))
      config.set({ source: 'server', config: serverConfig, error: null })
    } catch (error) {
      config.set({ ...config.get(), error: toTesseraError(error) })
    }
  }

  async function restoreSession() {
    try {
      await session.restore()
    } catch (error) {
      events.emit('error', { error: toTesseraError(error) })
    }
    auth.set({ status: session.getUser() ? 'authenticated' : 'unauthenticated', user: session.getUser() })
  }

  void session.getAnalyticsId().then((id) => sendAnalyticsEvent(transport, 'sdk_initialize', id))
  const stopWatchingTabs = session.watchOtherTabs()
  // The custom API URL from the config must be known before the session is checked against it.
  const ready = Promise.all([loadConfig().then(restoreSession), recentLoginMethod.load()]).then(() => undefined)
  const methods = createLoginMethods({
    appId, options, storage, transport, session, auth, config, ready, isAuthenticated, authenticate, accountChanges, embeddedWallets,
    sendAnalyticsEvent: (eventName, payload) => session.getAnalyticsId().then((id) => sendAnalyticsEvent(transport, eventName, id, payload)),
  })
  // Redirect returns and seamless sign-ins; a failure is kept in the method's state.
  for (const method of methods.created) void ready.then(() => method.afterReady?.()).catch(() => undefined)

  async function acceptTerms(): Promise<User> {
    const token = await session.getAccessToken()
    if (!token) throw mustBeAuthenticatedError()
    // Loaded on use: only an app that requires the terms ever calls it.
    await (await import('./api/users.js')).acceptTerms(transport, token)
    const user = await session.fetchUser()
    if (!user) throw mustBeAuthenticatedError()
    return user
  }

  const client: TesseraClient = {
    appId,
    get apiUrl() {
      return transport.apiUrl
    },
    locale: options.locale,
    messages: options.messages,
    ready,
    getConfig: config.get,
    watchConfig: config.watch,
    setConfig(next) {
      // Validated before it replaces anything: a bad config throws and the current one stays.
      const merged = validateConfig(mergeConfig(base, next))
      overrides = next
      config.set({ ...config.get(), config: merged })
    },
    getAuth: auth.get,
    watchAuth: auth.watch,
    getRecentLoginMethod: recentLoginMethod.get,
    auth: methods.auth,
    getCaptcha: captchaState.get,
    watchCaptcha: captchaState.watch,
    captcha: { execute: captcha.execute, consumeToken: captcha.consumeToken, reset: captcha.reset },
    accountTransferFrom,
    // Loaded on use: only a link that hit an existing account ever transfers.
    transferAccount: async (transfer) =>
      (await import('./auth/transfer/transfer-account.js')).transferAccount({ transport, isAuthenticated, accountChanges }, transfer),
    wallets,
    embeddedWallets: embeddedWallets.member,
    mfa: mfa.member,
    loginMfa,
    funding,
    getAccessToken: () => session.getAccessToken(),
    getIdentityToken: identityToken.get,
    watchIdentityToken: identityToken.watch,
    refreshUser: () => session.fetchUser(),
    acceptTerms,
    logout: () => session.logout('user'),
    // Loaded on use, like a transfer: few users ever log out everywhere.
    logoutEverywhere: async () => (await import('./session/logout-everywhere.js')).logoutEverywhere({ transport, session }),
    on: events.on,
    destroy() {
      lifetime.abort()
      stopWatchingTabs()
      stopSyncingCaptcha()
      embeddedWallets.destroy()
      fundingCode.loaded()?.destroy()
      fundingState.clear()
      for (const method of methods.created) method.destroy()
      captcha.destroy()
      captchaState.clear()
      config.clear()
      auth.clear()
      identityToken.clear()
      events.clear()
      forgetClient(client)
    },
  }
  return client
}

const registryKey = Symbol.for('tessera.client')

/** One client per app id for the whole page, shared even by a second copy of the bundle. */
function registry(): Map<string, TesseraClient> {
  const holder = globalThis as typeof globalThis & { [registryKey]?: Map<string, TesseraClient> }
  return (holder[registryKey] ??= new Map())
}

/** `internals` are test seams (e.g. the demo's Telegram widget stand-in); they apply only when this call creates the client. */
export function getOrCreateClient(options: ClientOptions & Pick<ClientInternals, 'telegramOAuthUrl' | 'turnstileScriptUrl'>): TesseraClient {
  const existing = registry().get(options.appId)
  if (existing) {
    if (options.apiUrl && options.apiUrl.replace(/\/+$/, '') !== existing.apiUrl) {
      console.warn(`[tessera] A client for app ${options.appId} already exists with API ${existing.apiUrl}; reusing it.`)
    }
    return existing
  }
  const client = createClient(options)
  registry().set(options.appId, client)
  return client
}

/** The clients of this page (one per app id), e.g. for reading a token outside React. */
export function pageClients(): TesseraClient[] {
  return [...registry().values()]
}

function forgetClient(client: TesseraClient) {
  if (registry().get(client.appId) === client) registry().delete(client.appId)
}
