/** The public shape of the shared client: state slices with getX / watchX pairs, and actions. */
import type { User } from './user/types.js'
import type { ConfigState, EffectiveConfigInput } from './config/types.js'
import type { WalletsApi } from './wallets/types.js'
import type { EmbeddedWalletsApi } from './wallets/embedded/types.js'
import type { MfaApi } from './mfa/types.js'
import type { LoginMfaApi } from './auth/login-mfa/types.js'
import type { FundingApi } from './funding/types.js'
import type { Listener, Unsubscribe } from './listener.js'
import type { AuthNamespaces } from './auth/login-methods.js'
import type { AuthState, LoginMethodName } from './auth/types.js'
import type { AccountTransfer } from './auth/transfer/types.js'
import type { CaptchaState } from './captcha/types.js'
import type { ClientEvents } from './client-events.js'
import type { ClientMessages } from './client-options.js'

// The public entry (src/core/index.ts) names them from here; each lives beside the code that uses it, so none imports this file back.
export type { Listener, Unsubscribe }
export type { AuthIntent, AuthState, AuthStatus, LoginMethodName } from './auth/types.js'
export type { EmailFlowState, LoginWithCodeOptions, OtpFlow, OtpFlowState, OtpFlowStatus, SendCodeOptions, SmsFlowState } from './auth/otp/types.js'
export type { OAuthFlowState, OAuthFlowStatus, OAuthStartOptions } from './auth/oauth/types.js'
export type { PasskeyFlowState, PasskeyFlowStatus, PasskeyIntent, PasskeyStartOptions } from './auth/passkey/types.js'
export type { TelegramFlowState, TelegramFlowStatus, TelegramLoginOptions } from './auth/telegram/types.js'
export type {
  CrossAppAuthorizationRequest,
  CrossAppConnection,
  CrossAppFlowState,
  CrossAppFlowStatus,
  CrossAppProviderDetails,
  CrossAppRequester,
  CrossAppTransactRequest,
} from './auth/cross-app/types.js'
export type {
  FarcasterFlowState,
  FarcasterFlowStatus,
  FarcasterLoginOptions,
  FarcasterSignerApproved,
  FarcasterSignerPendingApproval,
  FarcasterSignerRequestOptions,
} from './auth/farcaster/types.js'
export type { CustomAuthState, CustomAuthStatus } from './auth/custom-auth/types.js'
export type { CaptchaState, CaptchaStatus } from './captcha/types.js'
export type { AccountTransfer } from './auth/transfer/types.js'
export type { ConfigState, EffectiveConfig } from './config/types.js'
export type { ClientEvents } from './client-events.js'
export type { ClientMessages, ClientOptions, CopyKeys, TokenStorage } from './client-options.js'

export interface TesseraClient {
  readonly appId: string
  readonly apiUrl: string
  /** The `locale` and `messages` the client was created with: the default of every element and provider using it. */
  readonly locale?: string | undefined
  readonly messages?: ClientMessages | undefined
  /** Resolves once the config has loaded (or fallen back) and the stored session was checked. */
  readonly ready: Promise<void>

  getConfig(): ConfigState
  watchConfig(listener: Listener<ConfigState>): Unsubscribe
  /**
   * Replaces the host's config overrides (appearance, login methods and order, legal, intl) over the
   * server config. Elements and the provider call it when their `config` changes; the last call wins.
   */
  setConfig(config: Partial<EffectiveConfigInput> | undefined): void
  getAuth(): AuthState
  watchAuth(listener: Listener<AuthState>): Unsubscribe
  getCaptcha(): CaptchaState
  watchCaptcha(listener: Listener<CaptchaState>): Unsubscribe
  /** The method of the last successful sign-in on this device (the landing's 'Recent' chip). */
  getRecentLoginMethod(): LoginMethodName | null

  /** The login methods, one namespace each (`client.auth.email`, ...): its state (`getState`, `watchState`) and actions. */
  readonly auth: AuthNamespaces
  /** External wallets: discovery, connection, SIWE and SIWS (src/core/wallets). */
  readonly wallets: WalletsApi
  /** Embedded wallets (wallet spec, "Entities and their fields" and "States and transitions"): created, connected and recovered through the wallet frame; loads on first use. */
  readonly embeddedWallets: EmbeddedWalletsApi
  /** Wallet-action MFA (wallet spec, "Screens and routes" and "States and transitions"): the challenge of gated wallet operations, verification, enrolment; loads on first use. */
  readonly mfa: MfaApi
  /** Sign-in MFA (the reference's `mfa_auth`): a second factor before the session is issued; loads on first use. */
  readonly loginMfa: LoginMfaApi
  /** Funding (funding spec): adding funds to the user's wallets by card, exchange, another wallet or receiving; loads on first use. */
  readonly funding: FundingApi
  readonly captcha: {
    /** Solves (ALTCHA) or runs the invisible widget (Turnstile); resolves with the token and stores it. */
    execute(): Promise<string>
    /** Takes the stored token (single use) or null. */
    consumeToken(): string | null
    reset(): void
  }
  /** Reads an `account_transfer_required` error; null for any other error. */
  accountTransferFrom(error: unknown, context: { linkMethod: AccountTransfer['linkMethod']; account: string }): AccountTransfer | null
  /** Moves the account to the signed-in user; the other user is deleted. */
  transferAccount(transfer: AccountTransfer): Promise<User>

  /** A fresh access token (refreshed first when within 30 s of expiry), or null when signed out. */
  getAccessToken(): Promise<string | null>
  /** The latest identity token the server issued (login, refresh, `GET /users/me`); null when signed out. */
  getIdentityToken(): string | null
  watchIdentityToken(listener: Listener<string | null>): Unsubscribe
  /** Re-reads the user from the server. */
  refreshUser(): Promise<User | null>
  acceptTerms(): Promise<User>
  logout(): Promise<void>
  /** Ends every session of the user in this app, on every device, then this one; rejects (still signed in) when the server could not. */
  logoutEverywhere(): Promise<void>

  on<E extends keyof ClientEvents>(event: E, handler: (payload: ClientEvents[E]) => void): Unsubscribe
  /** Stops timers, cross-tab listeners and in-flight requests. */
  destroy(): void
}
