/** The public shape of the shared client: state slices with getX / watchX pairs, and actions. */
import type { AuthMode, CrossAppTransactRequestDto, OAuthProvider } from '../protocol/index.js'
import type { TesseraError } from './errors/base-error.js'
import type { LinkedAccount, User } from './user/types.js'
import type { CustomAuthConfig, EffectiveConfig } from './config/types.js'
import type { WalletsApi } from './wallets/types.js'
import type { EmbeddedWalletsApi } from './wallets/embedded/types.js'
import type { MfaApi } from './mfa/types.js'
import type { LoginMfaApi } from './auth/login-mfa/types.js'
import type { FundingApi } from './funding/types.js'
import type { OAuthTokens } from './auth/oauth/provider-tokens.js'
import type { Listener, Unsubscribe } from './listener.js'
import type { AuthNamespaces } from './auth/login-methods.js'

// The public entry (src/core/index.ts) names them from here.
export type { Listener, Unsubscribe }

/** `loading` until the stored session has been checked once. */
export type AuthStatus = 'loading' | 'unauthenticated' | 'authenticated'
export interface AuthState {
  status: AuthStatus
  user: User | null
}

/** Every way a user can sign in through this client; `Recent` and login events name them. */
export type LoginMethodName =
  | 'email' | 'sms' | OAuthProvider | 'custom_auth' | 'guest'
  | 'passkey' | 'siwe' | 'siws' | 'farcaster' | 'telegram'
  /** A cross-app account: `privy:<provider app id>` (wallet spec, "Screens and routes": "Cross-app"). */
  | `privy:${string}`

/** Sign-in spec, "Entities and their fields": "Auth intent". `update` replaces an email or phone the user already has. */
export type AuthIntent = 'login' | 'link' | 'update'

/** One-time code flow states (sign-in spec, "States and transitions"). */
export type OtpFlowStatus = 'initial' | 'sending-code' | 'awaiting-code-input' | 'submitting-code' | 'done' | 'error'
/** The email and SMS flows share this shape and one implementation. */
export interface OtpFlowState {
  status: OtpFlowStatus
  intent: AuthIntent
  /** The email address, or the phone number in E.164 form. */
  identifier: string | null
  /** For `update`: the address or number being replaced. */
  previousIdentifier: string | null
  /** Set in `error`; cleared on the next action. */
  error: TesseraError | null
  /** Unix ms of the last successful send: drives the 30 s resend countdown. */
  codeSentAt: number | null
}
export type EmailFlowState = OtpFlowState
export type SmsFlowState = OtpFlowState

export interface SendCodeOptions {
  captchaToken?: string
  /** Default 'login'. Link and update need a signed-in user. */
  intent?: AuthIntent
  /** Required for `update`: the current address or number. */
  previousIdentifier?: string
}

export interface OtpFlow {
  sendCode(identifier: string, options?: SendCodeOptions): Promise<void>
  /** Completes the intent given to sendCode: signs in, links or updates. Resolves with the (updated) user. */
  submitCode(code: string, options?: LoginWithCodeOptions): Promise<User>
  /** `submitCode` for the login intent (the reference SDK's name). */
  loginWithCode(code: string, options?: LoginWithCodeOptions): Promise<User>
  /** Back to `initial` (the modal calls it 200 ms after close). */
  reset(): void
}

/** OAuth states: a redirect leaves the page; a popup is awaited; the return is exchanged for a session. */
export type OAuthFlowStatus = 'initial' | 'redirecting' | 'awaiting-popup' | 'authenticating' | 'done' | 'error'
export interface OAuthFlowState {
  status: OAuthFlowStatus
  provider: OAuthProvider | null
  intent: 'login' | 'link'
  error: TesseraError | null
  /** Started by a hook rather than the modal: after a redirect return the modal stays closed. */
  headless: boolean
}

export interface OAuthStartOptions {
  intent?: 'login' | 'link'
  /** Popup (440×680) instead of a full-page redirect; default false. */
  popup?: boolean
  /** Where the provider returns; default the current page without its query. Must be on the app's redirect list. */
  redirectUrl?: string
  disableSignup?: boolean
  captchaToken?: string
  /** Started by a hook, not the modal (kept across the redirect). */
  headless?: boolean
}

/** Sign-in spec, "States and transitions": "Passkey": init, then the browser's credential step, then the server call. */
export type PasskeyFlowStatus = 'initial' | 'generating-challenge' | 'awaiting-passkey' | 'submitting-response' | 'done' | 'error'
/** Sign in with an existing passkey, sign up by creating one, or add one to the signed-in user. */
export type PasskeyIntent = 'login' | 'signup' | 'link'
export interface PasskeyFlowState {
  status: PasskeyFlowStatus
  intent: PasskeyIntent
  error: TesseraError | null
}
export interface PasskeyStartOptions { captchaToken?: string }

/**
 * Sign-in spec, "States and transitions": "Telegram": the login widget's popup (or redirect), or Mini App `initData` when seamless sign-in
 * is on; then the server verifies the signed result ('Verifying connection to Telegram').
 */
export type TelegramFlowStatus = 'initial' | 'awaiting-telegram' | 'verifying' | 'done' | 'error'
export interface TelegramFlowState {
  status: TelegramFlowStatus
  intent: 'login' | 'link'
  error: TesseraError | null
}
export interface TelegramLoginOptions {
  captchaToken?: string
  disableSignup?: boolean
  /** Default true: the widget opens in a popup (a blocked popup falls back to a redirect); false leaves the page. */
  popup?: boolean
}

/** Wallet spec, "States and transitions": "Cross-app request": the provider app's popup, then the code exchange on our server. */
export type CrossAppFlowStatus = 'initial' | 'awaiting-popup' | 'authenticating' | 'done' | 'error'
export interface CrossAppFlowState {
  status: CrossAppFlowStatus
  intent: 'login' | 'link'
  providerAppId: string | null
  error: TesseraError | null
}
/** Wallet spec, "Entities and their fields": "Cross-app connection": a provider app this app's users may connect. */
export interface CrossAppConnection {
  providerAppId: string
  providerAppName: string
  providerAppIconUrl: string | null
  providerAppCustomApiUrl: string | null
  readOnly: boolean
  authorizeUrl: string | null
  transactUrl: string | null
}
/** On the provider's page: the requester's request, read from the popup's address. */
export interface CrossAppAuthorizationRequest {
  requesterAppId: string
  requesterOrigin: string
  stateCode: string
  codeChallenge: string
}
/** On the provider's transact page: the requester's request, read from the popup's address fragment. */
export interface CrossAppTransactRequest {
  requesterAppId: string
  requesterOrigin: string
  stateCode: string
  /** The token this page set at consent; a request without the matching one is answered with `clear`. */
  token: string
  request: CrossAppTransactRequestDto
}
/** A provider app's name and icon (wallet spec, "The calls it makes": "cross-app details"). */
export interface CrossAppProviderDetails { appId: string; name: string; iconUrl: string | null }
/** On the provider's page: who is asking (only an app this provider allows). */
export interface CrossAppRequester { appId: string; name: string; iconUrl: string | null; readOnly: boolean }

/**
 * Farcaster (sign-in spec, "States and transitions"): a relay channel opens (`starting`), the Farcaster app signs the message its connect URI
 * describes (`awaiting-signature`, polled every 2 s, 120 s at most), then the client signs in or links.
 */
export type FarcasterFlowStatus = 'initial' | 'starting' | 'awaiting-signature' | 'authenticating' | 'done' | 'error'
export interface FarcasterFlowState {
  status: FarcasterFlowStatus
  intent: 'login' | 'link'
  /** What the QR code, 'Copy link' and the open-app button carry while awaiting the signature. */
  connectUri: string | null
  error: TesseraError | null
}
export interface FarcasterLoginOptions { mode?: AuthMode; captchaToken?: string }
/** Farcaster signer (wallet spec, "States and transitions"): the key awaits the user's approval in the Farcaster app at `signerApprovalUrl`. */
export interface FarcasterSignerPendingApproval { publicKey: string; signerApprovalUrl: string }
export interface FarcasterSignerRequestOptions {
  /** Called once while the key awaits approval, with the link to open (show it as a link or QR code). */
  onPendingApproval?(approval: FarcasterSignerPendingApproval): void
  /** Stops polling ('client_request_aborted'). */
  signal?: AbortSignal
}
/** The key is on the user's fid in the KeyRegistry; the account's `signer_public_key` now names it. */
export interface FarcasterSignerApproved { status: 'approved'; publicKey: string; fid: number }

/** Sign-in spec, "States and transitions": "Custom JWT auth states". */
export type CustomAuthStatus = 'initial' | 'loading' | 'done' | 'error' | 'not-enabled'
export interface CustomAuthState { status: CustomAuthStatus; error: TesseraError | null }

/** Sign-in spec, "States and transitions": "CAPTCHA". */
export type CaptchaStatus = 'disabled' | 'ready' | 'loading' | 'success' | 'error'
export interface CaptchaState {
  status: CaptchaStatus
  provider: 'altcha' | 'turnstile' | null
  /** Set in `success`; spent by the next call that sends it. */
  token: string | null
  /** 'Captcha failed', or 'expired_and_failed_reset' when an expiry could not reset. */
  error: string | null
}

/** What the transfer screens need, read from an `account_transfer_required` error (wallet spec, "Screens and routes": "Account transfer"). */
export interface AccountTransfer {
  nonce: string
  linkMethod: 'email' | 'sms' | 'farcaster' | 'telegram' | 'siwe' | 'siws' | OAuthProvider
  /** The email, phone number, provider subject, Farcaster fid, Telegram user id or wallet address being moved. */
  account: string
  displayName: string
  embeddedWalletAddress: string | null
}

export interface ConfigState {
  /** `defaults` until the server config has loaded (sign-in spec, "States and transitions": "Config load"). */
  source: 'defaults' | 'server'
  config: EffectiveConfig
  error: TesseraError | null
}

export interface LoginWithCodeOptions { mode?: AuthMode; disableSignup?: boolean }

export interface ClientEvents {
  login: { user: User; isNewUser: boolean; loginMethod: LoginMethodName }
  link: { user: User; linkMethod: LoginMethodName; linkedAccount: LinkedAccount | null }
  unlink: { user: User; unlinkMethod: LoginMethodName }
  update: { user: User; updateMethod: 'email' | 'sms' }
  logout: { reason: 'user' | 'session-ended' | 'app-mismatch' }
  /** A new access token was stored (login, refresh) or the stored one removed (null). */
  accessToken: { accessToken: string | null }
  /** A login or link through an OAuth provider (a reauthorization too) answered with the provider's tokens (once per grant). */
  oauthTokens: { oAuthTokens: OAuthTokens; user: User }
  error: { error: TesseraError }
  /**
   * A wallet operation waits for the user and no app handler takes it; `screen` answers it: 'mfa:verify' for an MFA
   * challenge without an `mfa.onMfaRequired` listener, 'password:enter' when recovery needs the wallet password,
   * 'password:create' ('recovery:select' when several user-owned methods are offered) when a login's creation waits
   * for the password or recovery the app requires (`createLoginWallets`), 'transaction:confirm' for a confirmation and
   * 'funding:flow' for a funding session (`client.funding.fundWallet`). `<auth-modal>` opens on that screen.
   */
  walletPrompt: { screen: 'mfa:verify' | 'password:enter' | 'password:create' | 'recovery:select' | 'recovery:sign-in-again' | 'cloud:backup' | 'cloud:confirm' | 'transaction:confirm' | 'funding:flow' }
}

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

export interface ClientOptions {
  appId: string
  /** API base, default `https://auth.privy.io`-compatible host is not assumed: defaults to `location.origin`. */
  apiUrl?: string
  clientId?: string
  /** Token storage; defaults to `localStorage`, falling back to memory. */
  storage?: TokenStorage
  /** Client config (appearance, login methods...) merged over the server config. */
  config?: Partial<EffectiveConfigInput>
  /** Bring-your-own auth; see `customAuth.configure` to update it later. */
  customAuth?: CustomAuthConfig
  fetch?: typeof fetch
  /** The language of the shipped screens (BCP 47, e.g. 'es', 'ar'), unless an element or provider names its own. */
  locale?: string
  /** Texts by copy key over the locale's (a key left out keeps the locale's, then English). */
  messages?: ClientMessages
}

/** The copy keys `messages` takes; the UI's copy tables fill it in (src/ui/copy/locale-table.ts), so a misspelt key fails to type-check. */
export interface CopyKeys {}
/** A host's texts by copy key (every key optional). */
export type ClientMessages = [keyof CopyKeys] extends [never] ? Readonly<Record<string, string>> : Partial<Record<keyof CopyKeys, string>>

/** Async-capable key/value storage, the same shape the reference SDK uses. */
export interface TokenStorage {
  get(key: string): unknown | Promise<unknown>
  put(key: string, value: unknown): void | Promise<void>
  del(key: string): void | Promise<void>
  getKeys(): string[] | Promise<string[]>
}

export type { EffectiveConfig } from './config/types.js'
import type { EffectiveConfigInput } from './config/types.js'
