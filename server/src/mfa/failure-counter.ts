import type { ServerContext } from '../context.js'
import { ApiError, tooManyRequests } from '../http/api-error.js'
import { hitRateLimit } from '../rate-limit/hit.js'
import type { RateLimitRule } from '../rate-limit/settings.js'

/** Wrong MFA answers per user, across factors and challenges, before verification locks for the rest of the window (docs/security.md #50). */
export const MFA_FAILURES: RateLimitRule = { max: 5, windowSeconds: 15 * 60 }

const bucket = (userId: string) => `mfa-failures:${userId}`

export const invalidMfaCode = (message = 'The code you entered is not valid') => new ApiError(400, 'missing_or_invalid_mfa', message)

/** 429 while the user has used up the window's failures: even a right answer is refused until the window ends. */
export async function assertMfaNotLocked(ctx: Pick<ServerContext, 'db' | 'clock'>, userId: string): Promise<void> {
  const [row] = await ctx.db.query<{ count: number; window_start: number }>('SELECT count, window_start FROM rate_limits WHERE bucket = $1', [bucket(userId)])
  const windowEnd = row ? row.window_start + MFA_FAILURES.windowSeconds * 1000 : 0
  if (row && row.count >= MFA_FAILURES.max && windowEnd > ctx.clock.now()) throw tooManyRequests((windowEnd - ctx.clock.now()) / 1000)
}

// A window that ended meanwhile gives back one of the new window's attempts: at worst one more try, never fewer.
const giveBackAttempt = (ctx: Pick<ServerContext, 'db'>, userId: string) =>
  ctx.db.query('UPDATE rate_limits SET count = count - 1 WHERE bucket = $1 AND count > 0', [bucket(userId)])

/**
 * Checks one answer under the cap and answers what `check` found (null: a wrong answer). The attempt is taken first,
 * in the shared counter's one atomic upsert (429 once the window's are used up), so answers arriving together, on any
 * process, never test more than MFA_FAILURES.max codes; a wrong answer keeps its attempt and is refused with `error`,
 * a right one (or a check that throws) gives it back.
 */
export async function checkMfaAnswer<Found>(
  ctx: Pick<ServerContext, 'db' | 'clock'>,
  userId: string,
  check: () => Found | null | Promise<Found | null>,
  error = invalidMfaCode(),
): Promise<Found> {
  await hitRateLimit(ctx.db, ctx.clock, bucket(userId), MFA_FAILURES)
  let found: Found | null
  try {
    found = await check()
  } catch (thrown) {
    await giveBackAttempt(ctx, userId)
    throw thrown
  }
  if (found === null) throw error
  await giveBackAttempt(ctx, userId)
  return found
}
