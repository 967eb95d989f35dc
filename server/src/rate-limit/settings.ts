import { OTP_RESEND_COUNTDOWN_SECONDS } from '../../../src/protocol/index.js'

export interface RateLimitRule {
  max: number
  windowSeconds: number
}

/** Limits for code sends and checks; every counter lives in the database so processes share it. */
export interface RateLimitSettings {
  /** Minimum gap between two sends to one identifier (the client shows the same countdown). */
  resendCooldownSeconds: number
  sendsPerIdentifier: RateLimitRule
  initPerIp: RateLimitRule
  authenticatePerIp: RateLimitRule
}

export const defaultRateLimits: RateLimitSettings = {
  resendCooldownSeconds: OTP_RESEND_COUNTDOWN_SECONDS,
  sendsPerIdentifier: { max: 5, windowSeconds: 15 * 60 },
  initPerIp: { max: 30, windowSeconds: 15 * 60 },
  authenticatePerIp: { max: 100, windowSeconds: 15 * 60 },
}

export function resolveRateLimits(overrides: Partial<RateLimitSettings> = {}): RateLimitSettings {
  return { ...defaultRateLimits, ...overrides }
}
