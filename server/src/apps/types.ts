import { oauthProviders, type OAuthProvider } from '../../../src/protocol/index.js'

/** Login methods an app can enable. Wallets, passkeys, Farcaster and Telegram arrive with issue #4. */
export const loginMethods = ['email', 'sms', ...oauthProviders, 'custom_jwt', 'guest'] as const
export type LoginMethod = (typeof loginMethods)[number]

/** An OAuth client registered with a provider; every endpoint can be overridden (tests point them at a local provider). */
export interface OAuthProviderSettings {
  clientId: string
  clientSecret: string | null
  authorizationEndpoint?: string
  tokenEndpoint?: string
  userInfoEndpoint?: string
  /** Expected `iss` of ID tokens and of the `iss` callback parameter (OIDC providers). */
  issuer?: string
  jwksUri?: string
  scopes?: string[]
  /** Sign in with Apple signs its client secret with this key. */
  apple?: { teamId: string; keyId: string; privateKeyPem: string }
}

/** Bring-your-own identity provider (custom JWT): one of jwksUrl or publicKeyPem. */
export interface CustomJwtSettings {
  jwksUrl: string | null
  publicKeyPem: string | null
  issuer: string | null
  audience: string | null
  /** The claim holding the user id; default `sub`. */
  userIdClaim: string
}

/** Who may sign in: emails, E.164 phone numbers, wallet addresses, or `@domain` for a whole email domain. */
export interface AllowlistSettings {
  enabled: boolean
  entries: string[]
  /** Overrides of the allowlist-denied screen. */
  errorTitle: string | null
  errorDetail: string | null
  ctaText: string | null
  ctaLink: string | null
}

export interface CaptchaSettings {
  provider: 'altcha' | 'turnstile'
  /** Turnstile only: the site key (sent to clients as `t:<key>`) and the secret for siteverify. */
  siteKey: string | null
  secretKey: string | null
  /** Turnstile only: siteverify endpoint override (tests point it at a local server). */
  verifyUrl: string | null
  /** ALTCHA only: the proof-of-work cost (largest secret number); default 50 000, tests use a tiny one. */
  altchaMaxNumber?: number
}

/** An app hosted by this server, as stored. */
export interface AppRecord {
  id: string
  name: string
  allowedOrigins: string[]
  loginMethods: LoginMethod[]
  termsUrl: string | null
  privacyUrl: string | null
  requireUsersAcceptTerms: boolean
  disablePlusEmails: boolean
  logoUrl: string | null
  accentColor: string | null
  theme: 'light' | 'dark' | null
  /** Exact `redirect_to` values OAuth may return to; `http://localhost:*` style ports match any port. */
  oauthRedirectUrls: string[]
  oauthProviders: Partial<Record<OAuthProvider, OAuthProviderSettings>>
  whatsappEnabled: boolean
  /** ISO 3166 alpha-2 regions SMS is not sent to ('This region is not supported'). */
  smsUnsupportedRegions: string[]
  customJwt: CustomJwtSettings | null
  allowlist: AllowlistSettings
  /** Test mode: new sign-ups stop at this many users (max_accounts_reached). Null: no limit. */
  userLimit: number | null
  signupDisabled: boolean
  /** Null: CAPTCHA off. */
  captcha: CaptchaSettings | null
  /** Linking an account another user holds offers a transfer instead of `linked_to_another_user`. */
  accountTransferEnabled: boolean
}

export type AppInput = Partial<Omit<AppRecord, 'id'>> & { id?: string }
