import type { Context } from 'hono'
import type { ServerContext } from '../context.js'
import { requireClientIp } from '../http/client-ip.js'
import { hitRateLimit } from './hit.js'
import type { RateLimitRule } from './settings.js'

/** Counts one request of `family` against the caller's IP (failing closed without one) and returns that IP. */
export async function limitPerIp(ctx: ServerContext, c: Context, family: string, rule: RateLimitRule): Promise<string> {
  const ip = requireClientIp(c, ctx.trustProxy)
  await hitRateLimit(ctx.db, ctx.clock, `${family}:${ip}`, rule)
  return ip
}
