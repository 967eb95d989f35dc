import type { Clock } from '../clock.js'
import type { Queryable } from '../db/types.js'
import { tooManyRequests } from '../http/api-error.js'
import type { RateLimitRule } from './settings.js'

export interface RateLimitHit {
  bucket: string
  rule: RateLimitRule
  /** Past its max it throws nothing and the hits after it still count (the caller allows the request anyway). */
  soft?: boolean
}

/** One counter's upsert of `hitRateLimit` (hit.ts), run only when the previous hit ran and let the chain go on. */
function hitSql(index: number, hit: RateLimitHit): string {
  const [bucket, max, cutoff] = [3 * index + 2, 3 * index + 3, 3 * index + 4]
  return `h${index} AS (
    INSERT INTO rate_limits (bucket, window_start, count) SELECT $${bucket}::text, $1::bigint, 1 WHERE ${index === 0 ? 'true' : `EXISTS (SELECT 1 FROM h${index - 1} WHERE goes_on)`}
    ON CONFLICT (bucket) DO UPDATE SET
      count = CASE WHEN rate_limits.window_start <= $${cutoff}::bigint THEN 1 ELSE rate_limits.count + 1 END,
      window_start = CASE WHEN rate_limits.window_start <= $${cutoff}::bigint THEN $1::bigint ELSE rate_limits.window_start END
    RETURNING count, window_start, (count <= $${max}::bigint OR ${hit.soft ? 'true' : 'false'}) AS goes_on)`
}

/**
 * Counts `hits` in order as `hitRateLimit` would one after another, in one statement: the first hit past its max
 * (soft ones aside) stops the hits after it and throws its 429 with Retry-After.
 */
export async function hitRateLimits(db: Queryable, clock: Clock, hits: RateLimitHit[]): Promise<void> {
  if (hits.length === 0) return
  const now = clock.now()
  const columns = hits.map((_, index) => `(SELECT count FROM h${index}) AS c${index}, (SELECT window_start FROM h${index}) AS w${index}`)
  const [row] = await db.query<Record<string, number | null>>(`WITH ${hits.map((hit, index) => hitSql(index, hit)).join(',\n')} SELECT ${columns.join(', ')}`, [
    now,
    ...hits.flatMap((hit) => [hit.bucket, hit.rule.max, now - hit.rule.windowSeconds * 1000]),
  ])
  for (const [index, hit] of hits.entries()) {
    const windowMs = hit.rule.windowSeconds * 1000
    const [count, windowStart] = [row?.[`c${index}`] ?? null, row?.[`w${index}`] ?? null]
    if (count !== null && windowStart !== null && count <= hit.rule.max) continue
    if (hit.soft && count !== null) continue
    throw tooManyRequests((windowStart === null ? windowMs : windowStart + windowMs - now) / 1000)
  }
}
