import type { Clock } from '../clock.js'
import type { Queryable } from '../db/types.js'
import { tooManyRequests } from '../http/api-error.js'
import type { RateLimitRule } from './settings.js'

/**
 * Counts one hit on `bucket` in a fixed window and throws 429 (with Retry-After) past `rule.max`.
 * One atomic upsert, so N+1 simultaneous hits at the limit let exactly N through.
 */
export async function hitRateLimit(db: Queryable, clock: Clock, bucket: string, rule: RateLimitRule): Promise<void> {
  const now = clock.now()
  const windowMs = rule.windowSeconds * 1000
  const [row] = await db.query<{ count: number; window_start: number }>(
    `INSERT INTO rate_limits (bucket, window_start, count) VALUES ($1, $2, 1)
     ON CONFLICT (bucket) DO UPDATE SET
       count = CASE WHEN rate_limits.window_start <= $3 THEN 1 ELSE rate_limits.count + 1 END,
       window_start = CASE WHEN rate_limits.window_start <= $3 THEN $2 ELSE rate_limits.window_start END
     RETURNING count, window_start`,
    [bucket, now, now - windowMs],
  )
  if (!row || row.count > rule.max) {
    const retryAfterMs = row ? row.window_start + windowMs - now : windowMs
    throw tooManyRequests(retryAfterMs / 1000)
  }
}
