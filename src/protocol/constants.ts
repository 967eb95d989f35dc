/** Limits and constants shared by the server and the client (sign-in spec, "Business constants and limits"; docs/wire.md "Tokens"). */
export const APP_ID_LENGTH = 25
export const DEV_APP_ID = 'tessera-dev-app-000000001'
export const OTP_LENGTH = 6
export const OTP_TTL_SECONDS = 10 * 60
/** SMS codes live shorter than email codes (docs/security.md #5: ≤5 min). */
export const SMS_OTP_TTL_SECONDS = 5 * 60
export const OTP_MAX_ATTEMPTS = 5
export const OTP_RESEND_COUNTDOWN_SECONDS = 30
export const ACCESS_TOKEN_TTL_SECONDS = 60 * 60
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60
/** However often it is refreshed, a session ends this long after sign-in (docs/security.md #36). */
export const SESSION_MAX_LIFETIME_SECONDS = 90 * 24 * 60 * 60
export const TOKEN_FRESHNESS_MARGIN_SECONDS = 30
/**
 * Cookie sessions: the body's `refresh_token` while the real one is an HttpOnly cookie. Not null, because the reference
 * client answers a null one by deleting the readable `privy-session` cookie that tells it a refresh is worth trying.
 */
export const COOKIE_REFRESH_TOKEN_PLACEHOLDER = 'cookie'
export const DEFAULT_TOKEN_ISSUER = 'privy.io'
export const USER_DID_PREFIX = 'did:privy:'
export const LOGIN_MESSAGE_MAX_LENGTH = 100

/** Request headers every client call carries (docs/wire.md "Every request"). */
export const headers = {
  appId: 'privy-app-id',
  clientId: 'privy-client-id',
  client: 'privy-client',
  analyticsId: 'privy-ca-id',
  nativeApp: 'x-native-app-identifier',
} as const

export const authModes = ['login-or-sign-up', 'no-signup'] as const
export type AuthMode = (typeof authModes)[number]

export const sessionUpdateActions = ['set', 'ignore', 'clear'] as const
export type SessionUpdateAction = (typeof sessionUpdateActions)[number]

/** The ten OAuth providers (sign-in spec, "What the product does and for whom"), as sent in `provider` fields. */
export const oauthProviders = ['google', 'twitter', 'discord', 'github', 'spotify', 'instagram', 'tiktok', 'line', 'linkedin', 'apple'] as const
export type OAuthProvider = (typeof oauthProviders)[number]
/** The linked-account type of each provider's identities: `google` → `google_oauth`. */
export const oauthAccountType = <P extends OAuthProvider>(provider: P): `${P}_oauth` => `${provider}_oauth`

/** Random bytes in the client's OAuth state code and PKCE verifier (sign-in spec, "Business constants and limits"). */
export const OAUTH_STATE_BYTES = 36
/** The one-time code the server hands back to the app after a provider callback (docs/security.md #17: ≤10 min). */
export const OAUTH_CODE_TTL_SECONDS = 10 * 60
/**
 * Query parameters of an OAuth return (sign-in spec, "Screens and routes"), removed from the address after use. `error`
 * (Tessera extension) replaces the code when the server's callback failed (an ApiErrorCode).
 */
export const oauthReturnParams = { code: 'privy_oauth_code', state: 'privy_oauth_state', provider: 'privy_oauth_provider', error: 'privy_oauth_error' } as const
/** An authorization code equal to this string means the user denied (sign-in spec, "Validation rules"). */
export const OAUTH_DENIED_CODE = 'undefined'
export const OAUTH_POPUP_SIZE = { width: 440, height: 680 } as const
export const OAUTH_BUTTON_DEBOUNCE_MS = 2000

export const GUEST_CREDENTIAL_BYTES = 32

/** Account types that can be moved to another user (wallet spec, "Validation rules": custom, guest and passkey cannot). */
export const transferableAccountTypes = [
  'email',
  'phone',
  'wallet',
  'farcaster',
  'telegram',
  'google_oauth',
  'twitter_oauth',
  'discord_oauth',
  'github_oauth',
  'spotify_oauth',
  'instagram_oauth',
  'tiktok_oauth',
  'line_oauth',
  'linkedin_oauth',
  'apple_oauth',
  'cross_app',
] as const
/** An account-transfer nonce is single use and lives this long. */
export const ACCOUNT_TRANSFER_TTL_SECONDS = 10 * 60
/** Passkeys may be linked up to 5 times; every other account type once (sign-in spec, "Validation rules"). */
export const MAX_PASSKEYS_PER_USER = 5

/** CAPTCHA site keys: `t:<key>` is Cloudflare Turnstile; `a:<app id>` is the embedded ALTCHA (Tessera extension). */
export const captchaSiteKeyPrefixes = { turnstile: 't:', altcha: 'a:' } as const

/** Cross-app requests (wallet spec, "The error catalogue"): the popup is given 2 minutes and checked for closing every 300 ms. */
export const CROSS_APP_REQUEST_TIMEOUT_MS = 120_000
export const CROSS_APP_POPUP_CLOSED_POLL_MS = 300
/** A cross-app authorization code is redeemable for this long, once. */
export const CROSS_APP_CODE_TTL_SECONDS = 2 * 60
/** The provider's page answers its opener with these message types (wallet spec, "The calls it makes": prefixed with the provider's name in capitals). */
export const crossAppMessageTypes = {
  response: 'TESSERA_CROSS_APP_AUTH_RESPONSE',
  error: 'TESSERA_CROSS_APP_AUTH_ERROR',
  /** A transact request's answer (wallet spec, "The calls it makes": an action-response with a result, an action-error with an error). */
  actionResponse: 'TESSERA_CROSS_APP_ACTION_RESPONSE',
  actionError: 'TESSERA_CROSS_APP_ACTION_ERROR',
} as const
/**
 * The transact popup's address fragment (never sent to a server nor in a Referer): who asks, the state code, the
 * token the provider's page set at consent, and the JSON request.
 */
export const crossAppTransactParams = {
  requesterAppId: 'requester_app_id',
  requesterOrigin: 'requester_origin',
  stateCode: 'state_code',
  token: 'token',
  request: 'request',
} as const

/** Farcaster (sign-in spec, "States and transitions" and "Business constants and limits"): the status poll's channel-token header, its interval, and the modal's time limit. */
export const FARCASTER_CHANNEL_TOKEN_HEADER = 'farcaster-channel-token'
export const FARCASTER_POLL_INTERVAL_MS = 2_000
export const FARCASTER_LOGIN_TIMEOUT_MS = 120_000
/** Farcaster signer (wallet spec, "Business constants and limits"): status poll interval and time limit. */
export const FARCASTER_SIGNER_POLL_INTERVAL_MS = 2_000
export const FARCASTER_SIGNER_TIMEOUT_MS = 300_000
/** The popup address's query: what the provider's page needs to answer the requester (Tessera's names). */
export const crossAppRequestParams = {
  requesterAppId: 'requester_app_id',
  requesterOrigin: 'requester_origin',
  stateCode: 'state_code',
  codeChallenge: 'code_challenge',
} as const
