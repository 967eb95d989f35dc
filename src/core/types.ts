/** The public shape of the shared client: state slices with getX / watchX pairs, and actions. */
import type { AuthMode } from '../protocol/index.js'
import type { TesseraError } from './errors/base-error.js'
import type { User } from './user/types.js'
import type { EffectiveConfig } from './config/types.js'

export type Unsubscribe = () => void
export type Listener<T> = (value: T, previous: T) => void

/** `loading` until the stored session has been checked once. */
export type AuthStatus = 'loading' | 'unauthenticated' | 'authenticated'
export interface AuthState {
  status: AuthStatus
  user: User | null
}

/** One-time code flow states (document 1 §4). */
export type OtpFlowStatus = 'initial' | 'sending-code' | 'awaiting-code-input' | 'submitting-code' | 'done' | 'error'
export interface EmailFlowState {
  status: OtpFlowStatus
  email: string | null
  /** Set in `error`; cleared on the next action. */
  error: TesseraError | null
  /** Unix ms of the last successful send: drives the 30 s resend countdown. */
  codeSentAt: number | null
}

export interface ConfigState {
  /** `defaults` until the server config has loaded (document 1 §4 "Config load"). */
  source: 'defaults' | 'server'
  config: EffectiveConfig
  error: TesseraError | null
}

export interface LoginWithCodeOptions { mode?: AuthMode; disableSignup?: boolean }

export interface ClientEvents {
  login: { user: User; isNewUser: boolean; loginMethod: 'email' }
  logout: { reason: 'user' | 'session-ended' | 'app-mismatch' }
  error: { error: TesseraError }
}

export interface TesseraClient {
  readonly appId: string
  readonly apiUrl: string
  /** Resolves once the config has loaded (or fallen back) and the stored session was checked. */
  readonly ready: Promise<void>

  getConfig(): ConfigState
  watchConfig(listener: Listener<ConfigState>): Unsubscribe
  getAuth(): AuthState
  watchAuth(listener: Listener<AuthState>): Unsubscribe
  getEmailFlow(): EmailFlowState
  watchEmailFlow(listener: Listener<EmailFlowState>): Unsubscribe

  readonly email: {
    sendCode(email: string, options?: { captchaToken?: string }): Promise<void>
    loginWithCode(code: string, options?: LoginWithCodeOptions): Promise<User>
    /** Back to `initial` (the modal calls it 200 ms after close). */
    reset(): void
  }

  /** A fresh access token (refreshed first when within 30 s of expiry), or null when signed out. */
  getAccessToken(): Promise<string | null>
  /** Re-reads the user from the server. */
  refreshUser(): Promise<User | null>
  acceptTerms(): Promise<User>
  logout(): Promise<void>

  on<E extends keyof ClientEvents>(event: E, handler: (payload: ClientEvents[E]) => void): Unsubscribe
  /** Stops timers, cross-tab listeners and in-flight requests. */
  destroy(): void
}

export interface ClientOptions {
  appId: string
  /** API base, default `https://auth.privy.io`-compatible host is not assumed: defaults to `location.origin`. */
  apiUrl?: string
  clientId?: string
  /** Token storage; defaults to `localStorage`, falling back to memory. */
  storage?: TokenStorage
  /** Client config (appearance, login methods...) merged over the server config. */
  config?: Partial<EffectiveConfigInput>
  fetch?: typeof fetch
}

/** Async-capable key/value storage, the same shape the reference SDK uses. */
export interface TokenStorage {
  get(key: string): unknown | Promise<unknown>
  put(key: string, value: unknown): void | Promise<void>
  del(key: string): void | Promise<void>
  getKeys(): string[] | Promise<string[]>
}

export type { EffectiveConfig } from './config/types.js'
import type { EffectiveConfigInput } from './config/types.js'
