/** The client's explicit state: what its actions share, made once by createRuntime (create-runtime.ts). */
import type { AuthenticatedUserDto } from '../../protocol/index.js'
import type { Transport } from '../api/transport.js'
import type { createLoginMethods } from '../auth/login-methods.js'
import type { CaptchaController } from '../captcha/flow.js'
import type { ClientInternals } from '../client-internals.js'
import type { EffectiveConfig } from '../config/types.js'
import type { Unsubscribe } from '../listener.js'
import type { lazyMfa } from '../mfa/lazy-mfa.js'
import type { RecentLoginMethod } from '../session/recent-login-method.js'
import type { AccountChanges, SessionManager } from '../session/types.js'
import type { AuthState, CaptchaState, ClientEvents, ClientOptions, ConfigState, LoginMethodName, TokenStorage } from '../types.js'
import type { User } from '../user/types.js'
import type { createEmitter } from '../utils/emitter.js'
import type { Store } from '../utils/store.js'
import type { createWallets } from '../wallets/create-wallets.js'
import type { lazyEmbeddedWallets } from '../wallets/embedded/lazy-embedded-wallets.js'
import type { LazyFunding } from './lazy-funding.js'
import type { LazyLoginMfa } from './lazy-login-mfa.js'

export interface ClientRuntime {
  appId: string
  options: ClientOptions & ClientInternals
  /** Aborted by `destroy`: the config request and the transport's calls stop with it. */
  lifetime: AbortController
  storage: TokenStorage
  events: ReturnType<typeof createEmitter<ClientEvents>>
  config: Store<ConfigState>
  /** The server's config (the defaults until it loads): the layer the host's overrides merge over. */
  base: EffectiveConfig
  /** The host's overrides; `setConfig` replaces them. */
  overrides: ClientOptions['config']
  auth: Store<AuthState>
  identityToken: Store<string | null>
  transport: Transport
  session: SessionManager
  recentLoginMethod: RecentLoginMethod
  isAuthenticated(): boolean
  /** One sign-in at a time across methods (sign-in.ts). */
  authenticate(loginMethod: LoginMethodName, login: () => Promise<AuthenticatedUserDto>): Promise<User>
  accountChanges: AccountChanges
  embeddedWallets: ReturnType<typeof lazyEmbeddedWallets>
  mfa: ReturnType<typeof lazyMfa>
  loginMfa: LazyLoginMfa
  wallets: ReturnType<typeof createWallets>
  funding: LazyFunding
  captcha: { state: Store<CaptchaState>; flow: CaptchaController; stopSyncing: Unsubscribe }
}

/** What starting the client adds (createClient): the ready promise, the other tabs' watch and the login methods. */
export interface StartedClient {
  ready: Promise<void>
  stopWatchingTabs: Unsubscribe
  loginMethods: ReturnType<typeof createLoginMethods>
}
