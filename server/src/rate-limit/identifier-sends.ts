import type { AppRecord } from '../apps/types.js'
import type { ServerContext } from '../context.js'
import type { RateLimitHit } from './hit-chain.js'

/**
 * The counters of a code send to `identifier` from `source` (the client IP). The cooldown and the cap are per
 * (identifier, source), so one source's sends never keep the identifier's owner, elsewhere, from getting a code. A
 * ceiling across all sources bounds the owner's inbox: past it an app with CAPTCHA still sends (the request solved one
 * before it got here), an app without refuses.
 */
export function identifierSendHits(ctx: ServerContext, app: AppRecord, identifier: string, source: string): RateLimitHit[] {
  const limits = ctx.rateLimits
  return [
    { bucket: `otp-cooldown:${app.id}:${identifier}:${source}`, rule: { max: 1, windowSeconds: limits.resendCooldownSeconds } },
    { bucket: `otp-sends:${app.id}:${identifier}:${source}`, rule: limits.sendsPerIdentifier },
    { bucket: `otp-sends-all:${app.id}:${identifier}`, rule: limits.sendsPerIdentifierCeiling, soft: app.captcha !== null },
  ]
}
