import { OTP_RESEND_COUNTDOWN_SECONDS } from '../../../src/protocol/index.js'

export interface RateLimitRule {
  max: number
  windowSeconds: number
}

/** Limits for code sends and checks; every counter lives in the database so processes share it. */
export interface RateLimitSettings {
  /** Minimum gap between two sends to one identifier (the client shows the same countdown). */
  resendCooldownSeconds: number
  /** Code sends per email address or phone number from one client IP. */
  sendsPerIdentifier: RateLimitRule
  /** Code sends per email address or phone number from all sources; past it only apps with CAPTCHA still send. */
  sendsPerIdentifierCeiling: RateLimitRule
  /** SMS and WhatsApp sends per app and country calling code ('+44'): caps toll fraud aimed at one country's premium numbers. */
  smsSendsPerCountryCode: RateLimitRule
  /** Code sends (email and SMS together) per client IP. */
  initPerIp: RateLimitRule
  /** Sign-in attempts of every method (codes, signatures, passkeys, tokens) per client IP, in one shared bucket. */
  authenticatePerIp: RateLimitRule
  /** Stored sign-in challenges (passkey options) per client IP: each one is a row until it expires. */
  challengesPerIp: RateLimitRule
  /** Session refreshes per client IP: generous, as many users can share one address. */
  refreshesPerIp: RateLimitRule
  /** Embedded-wallet recovery material (auth plus recovery share) per user, and per client IP. */
  walletKeyMaterialPerUser: RateLimitRule
  walletKeyMaterialPerIp: RateLimitRule
  /** JSON-RPC requests through the chain relay per client IP: a sent transaction polls its receipt through it. */
  rpcRelayPerIp: RateLimitRule
}

export const defaultRateLimits: RateLimitSettings = {
  resendCooldownSeconds: OTP_RESEND_COUNTDOWN_SECONDS,
  sendsPerIdentifier: { max: 5, windowSeconds: 15 * 60 },
  sendsPerIdentifierCeiling: { max: 20, windowSeconds: 60 * 60 },
  smsSendsPerCountryCode: { max: 50, windowSeconds: 60 * 60 },
  initPerIp: { max: 30, windowSeconds: 15 * 60 },
  authenticatePerIp: { max: 100, windowSeconds: 15 * 60 },
  challengesPerIp: { max: 100, windowSeconds: 15 * 60 },
  refreshesPerIp: { max: 1000, windowSeconds: 15 * 60 },
  walletKeyMaterialPerUser: { max: 10, windowSeconds: 15 * 60 },
  walletKeyMaterialPerIp: { max: 30, windowSeconds: 15 * 60 },
  rpcRelayPerIp: { max: 600, windowSeconds: 60 },
}

/** The defaults, then `TESSERA_SMS_PER_COUNTRY_CODE_PER_HOUR` from the environment, then the options. */
export function resolveRateLimits(overrides: Partial<RateLimitSettings> = {}, env: NodeJS.ProcessEnv = process.env): RateLimitSettings {
  const perCountryCode = Number(env.TESSERA_SMS_PER_COUNTRY_CODE_PER_HOUR)
  const fromEnv: Partial<RateLimitSettings> =
    Number.isInteger(perCountryCode) && perCountryCode > 0 ? { smsSendsPerCountryCode: { max: perCountryCode, windowSeconds: 60 * 60 } } : {}
  return { ...defaultRateLimits, ...fromEnv, ...overrides }
}
