import type { AuthenticatedUserDto } from '../../protocol/index.js'
import { createTransport } from '../api/transport.js'
import type { ClientInternals } from '../client-internals.js'
import { defaultConfig } from '../config/defaults.js'
import { mergeConfig, validateAppId, validateConfig } from '../config/resolve.js'
import { invalidConfigError } from '../errors/client-errors.js'
import { lazyMfa } from '../mfa/lazy-mfa.js'
import { createAccountChanges } from '../session/account-changes.js'
import { storageKeys } from '../session/keys.js'
import { createRecentLoginMethod } from '../session/recent-login-method.js'
import { createSessionManager } from '../session/session-manager.js'
import { createDefaultStorage } from '../session/storage.js'
import type { AuthState, ClientEvents, ClientOptions, ConfigState, LoginMethodName } from '../types.js'
import { createEmitter } from '../utils/emitter.js'
import { singleFlight } from '../utils/single-flight.js'
import { createStore } from '../utils/store.js'
import { lazyEmbeddedWallets } from '../wallets/embedded/lazy-embedded-wallets.js'
import { clientCaptcha } from './captcha.js'
import { externalWallets } from './external-wallets.js'
import { lazyFunding } from './lazy-funding.js'
import { lazyLoginMfa } from './lazy-login-mfa.js'
import { loadEmbeddedWallets, loadFunding, loadLoginMfa, loadMfa } from './load-features.js'
import type { ClientRuntime } from './runtime.js'
import { showSessionToken, showSessionUser } from './session-changes.js'
import { signIn } from './sign-in.js'

/** Checks the options, then makes the runtime's parts in the order they need each other (a later one is read only late). */
export function createRuntime(options: ClientOptions & ClientInternals): ClientRuntime {
  validateAppId(options.appId)
  const { appId } = options
  const apiUrl = options.apiUrl ?? globalThis.location?.origin
  if (!apiUrl) throw invalidConfigError('apiUrl is required outside a browser')
  // Client overrides are validated up front so a bad config fails at construction.
  const localConfig = validateConfig(mergeConfig(defaultConfig(appId), options.config))
  const lifetime = new AbortController()
  const storage = options.storage ?? createDefaultStorage()
  const events = createEmitter<ClientEvents>()
  const config = createStore<ConfigState>({ source: 'defaults', config: localConfig, error: null })
  const auth = createStore<AuthState>({ status: 'loading', user: null })
  const transport = createTransport({
    apiUrl,
    appId,
    clientId: options.clientId,
    fetch: options.fetch,
    signal: lifetime.signal,
    retryDelay: options.retryDelay,
    getAccessToken: () => runtime.session.getAccessToken(),
    getAnalyticsId: () => runtime.session.getAnalyticsId(),
  })
  const session = createSessionManager({
    appId,
    storage,
    transport,
    locks: options.locks,
    // The server config announces cookie sessions with a non-null custom_api_url (docs/wire.md "Base URL and cookie sessions").
    cookieSessions: () => runtime.base.customApiUrl !== null,
    onUser: (user, reason) => showSessionUser(runtime, user, reason),
    onTokens: (kind, value) => showSessionToken(runtime, kind, value),
  })
  const isAuthenticated = () => auth.get().status === 'authenticated'
  const authenticate = singleFlight((loginMethod: LoginMethodName, login: () => Promise<AuthenticatedUserDto>) => signIn(runtime, loginMethod, login))
  const accountChanges = createAccountChanges(session.replaceUser, events.emit)
  // What the external wallets and the CAPTCHA need at once; the runtime holds the same.
  const parts = { appId, options, lifetime, storage, events, config, auth, transport, session, isAuthenticated, authenticate, accountChanges }
  const runtime: ClientRuntime = {
    ...parts,
    base: defaultConfig(appId),
    overrides: options.config,
    identityToken: createStore<string | null>(null),
    recentLoginMethod: createRecentLoginMethod(storage, storageKeys(appId).recentLoginMethod),
    // Embedded wallets: the state here; their code loads on first use, once the signed-in user has one, or before a
    // login of an app that creates them (it hears the login and shows 'Creating your wallet' at once).
    embeddedWallets: lazyEmbeddedWallets(auth, (state) => loadEmbeddedWallets(runtime, state)),
    // Wallet-action MFA: its code loads on first use.
    mfa: lazyMfa((state, listeners) => loadMfa(runtime, state, listeners)),
    loginMfa: lazyLoginMfa((state) => loadLoginMfa(runtime, state)),
    wallets: externalWallets(parts),
    funding: lazyFunding((state) => loadFunding(runtime, state)),
    captcha: clientCaptcha(parts),
  }
  return runtime
}
