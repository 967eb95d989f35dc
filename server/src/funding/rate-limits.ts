import type { RateLimitRule } from '../rate-limit/settings.js'

/** Purchase sessions per user (on-ramp init and sign together): each reaches a provider and records a reference. */
export const FUNDING_SESSIONS_PER_USER: RateLimitRule = { max: 30, windowSeconds: 10 * 60 }
/** Status checks per user: the client polls the first provider every 1.5 s and the bridge every 1 s. */
export const FUNDING_STATUS_CHECKS_PER_USER: RateLimitRule = { max: 150, windowSeconds: 60 }
/** Bridge quotes per user: one per amount and source chain the user tries. */
export const BRIDGE_QUOTES_PER_USER: RateLimitRule = { max: 60, windowSeconds: 60 }
/** The public copy of the second provider's status, per client IP (polled every 3 s). */
export const PUBLIC_STATUS_CHECKS_PER_IP: RateLimitRule = { max: 150, windowSeconds: 60 }
