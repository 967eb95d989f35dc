import type { Context } from 'hono'
import type { ServerContext } from '../context.js'
import { requireClientIp } from '../http/client-ip.js'
import type { AppEnv } from '../http/env.js'
import { hitRateLimit } from '../rate-limit/hit.js'

/** Key material (recovery, export) is what a thief with a token would want: capped per user and per IP (docs/security.md #47). */
export async function hitKeyMaterialRateLimits(ctx: ServerContext, c: Context<AppEnv>, userId: string): Promise<void> {
  await hitRateLimit(ctx.db, ctx.clock, `wallet-key-material-user:${userId}`, ctx.rateLimits.walletKeyMaterialPerUser)
  await hitRateLimit(ctx.db, ctx.clock, `wallet-key-material-ip:${requireClientIp(c, ctx.trustProxy)}`, ctx.rateLimits.walletKeyMaterialPerIp)
}
