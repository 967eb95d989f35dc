import type { Context } from 'hono'
import type { AppRecord } from '../apps/types.js'
import type { ServerContext } from '../context.js'
import type { AppEnv } from '../http/env.js'
import { hitRateLimit } from '../rate-limit/hit.js'
import type { RateLimitRule } from '../rate-limit/settings.js'
import { requireAccess } from '../sessions/authenticate-request.js'
import type { AccessClaims } from '../sessions/tokens.js'

export interface FundingCaller<Settings> {
  claims: AccessClaims
  app: AppRecord
  settings: Settings
}

/**
 * How every funding route starts: the owner's live session (401), the provider on for the app (403
 * `feature_not_enabled`), then one hit on the user's `bucket` (429), before the body is even read.
 */
export async function fundingCaller<Settings>(
  ctx: ServerContext,
  c: Context<AppEnv>,
  requireProvider: (app: AppRecord) => Settings,
  bucket: string,
  rule: RateLimitRule,
): Promise<FundingCaller<Settings>> {
  const claims = await requireAccess(ctx, c)
  const { app } = c.var
  const settings = requireProvider(app)
  await hitRateLimit(ctx.db, ctx.clock, `${bucket}:${claims.userId}`, rule)
  return { claims, app, settings }
}
