/** Limits and constants shared by the server and the client (document 1 §9, DESIGN.md §2). */
export const APP_ID_LENGTH = 25
export const DEV_APP_ID = 'tessera-dev-app-000000001'
export const OTP_LENGTH = 6
export const OTP_TTL_SECONDS = 10 * 60
export const OTP_MAX_ATTEMPTS = 5
export const OTP_RESEND_COUNTDOWN_SECONDS = 30
export const ACCESS_TOKEN_TTL_SECONDS = 60 * 60
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60
export const TOKEN_FRESHNESS_MARGIN_SECONDS = 30
export const DEFAULT_TOKEN_ISSUER = 'privy.io'
export const USER_DID_PREFIX = 'did:privy:'
export const LOGIN_MESSAGE_MAX_LENGTH = 100

/** Request headers every client call carries (DESIGN.md §2). */
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
