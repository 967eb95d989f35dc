import type { AppRecord } from '../apps/types.js'
import type { ServerContext } from '../context.js'
import { ApiError } from '../http/api-error.js'
import { hitRateLimit } from './hit.js'

/**
 * Counts a code send to `identifier` from `source` (the client IP). The cooldown and the cap are per (identifier,
 * source), so one source's sends never keep the identifier's owner, elsewhere, from getting a code. A ceiling across
 * all sources bounds the owner's inbox: past it an app with CAPTCHA still sends (the request solved one before it got
 * here), an app without refuses.
 */
export async function countIdentifierSend(ctx: ServerContext, app: AppRecord, identifier: string, source: string): Promise<void> {
  const limits = ctx.rateLimits
  await hitRateLimit(ctx.db, ctx.clock, `otp-cooldown:${app.id}:${identifier}:${source}`, { max: 1, windowSeconds: limits.resendCooldownSeconds })
  await hitRateLimit(ctx.db, ctx.clock, `otp-sends:${app.id}:${identifier}:${source}`, limits.sendsPerIdentifier)
  try {
    await hitRateLimit(ctx.db, ctx.clock, `otp-sends-all:${app.id}:${identifier}`, limits.sendsPerIdentifierCeiling)
  } catch (error) {
    if (!(error instanceof ApiError) || !app.captcha) throw error
  }
}
