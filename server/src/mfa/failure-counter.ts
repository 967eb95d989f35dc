import type { ServerContext } from '../context.js'
import { ApiError, tooManyRequests } from '../http/api-error.js'
import { hitRateLimit } from '../rate-limit/hit.js'
import type { RateLimitRule } from '../rate-limit/settings.js'

/** Wrong MFA answers per user, across factors and challenges, before verification locks for the rest of the window (SECURITY 50). */
export const MFA_FAILURES: RateLimitRule = { max: 5, windowSeconds: 15 * 60 }

const bucket = (userId: string) => `mfa-failures:${userId}`

export const invalidMfaCode = (message = 'The code you entered is not valid') => new ApiError(400, 'missing_or_invalid_mfa', message)

/** 429 while the user has used up the window's failures: even a right answer is refused until the window ends. */
export async function assertMfaNotLocked(ctx: Pick<ServerContext, 'db' | 'clock'>, userId: string): Promise<void> {
  const [row] = await ctx.db.query<{ count: number; window_start: number }>('SELECT count, window_start FROM rate_limits WHERE bucket = $1', [bucket(userId)])
  const windowEnd = row ? row.window_start + MFA_FAILURES.windowSeconds * 1000 : 0
  if (row && row.count >= MFA_FAILURES.max && windowEnd > ctx.clock.now()) throw tooManyRequests((windowEnd - ctx.clock.now()) / 1000)
}

/** Counts one wrong answer (the shared rate-limit counter, so every process sees it), then refuses it. */
export async function failMfa(ctx: Pick<ServerContext, 'db' | 'clock'>, userId: string, error = invalidMfaCode()): Promise<never> {
  await hitRateLimit(ctx.db, ctx.clock, bucket(userId), MFA_FAILURES)
  throw error
}
