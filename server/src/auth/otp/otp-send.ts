import type { Context } from 'hono'
import { assertCaptcha } from '../../captcha/assert-captcha.js'
import { ApiError } from '../../http/api-error.js'
import { requireClientIp } from '../../http/client-ip.js'
import type { AppEnv } from '../../http/env.js'
import { readBody } from '../../http/read-body.js'
import { hitRateLimit } from '../../rate-limit/hit.js'
import { countIdentifierSend } from '../../rate-limit/identifier-sends.js'
import { bearerToken, verifyLiveAccess } from '../../sessions/authenticate-request.js'
import { assertLoginMethodEnabled } from '../shared/access-control.js'
import { storeCode, type CodePurpose } from './code-store.js'
import { generateCode } from './generate-code.js'
import type { OtpRouteDeps } from './otp-bodies.js'

/** `POST /init`: a code to the identifier, for a login or (signed in) for linking it to the caller. */
export async function sendOtpCode({ ctx, channel, bodies }: OtpRouteDeps, c: Context<AppEnv>) {
  const app = c.var.app
  assertLoginMethodEnabled(app, channel.method)
  const { identifier, token } = await readBody(c, bodies.init)
  channel.assertSendable(app, identifier)
  const ip = requireClientIp(c, ctx.trustProxy)
  await hitRateLimit(ctx.db, ctx.clock, `init-ip:${ip}`, ctx.rateLimits.initPerIp)
  // Before the per-identifier counters, so requests without a solved CAPTCHA cannot lock a victim out.
  await assertCaptcha(ctx, app, token, ip)
  const delivery = ctx.delivery
  const via = channel.deliveryChannel(app)
  if (!delivery?.channels.includes(via)) {
    throw new ApiError(400, 'feature_not_enabled', `${channel.label} delivery is not configured on this server (${channel.deliverySetting})`)
  }
  // A signed-in caller gets a code bound to their account (link/update); anyone else a login code.
  const bearer = bearerToken(c)
  const caller = bearer ? await verifyLiveAccess(ctx, bearer, app.id).catch(() => null) : null
  const purpose: CodePurpose = caller ? `link:${caller.userId}` : 'login'
  await countIdentifierSend(ctx, app, identifier, ip)
  for (const { bucket, rule } of channel.sendLimits(ctx, app, identifier)) await hitRateLimit(ctx.db, ctx.clock, bucket, rule)
  const code = generateCode()
  await storeCode(ctx, { appId: app.id, identifier, purpose }, code, channel.codeTtlSeconds)
  try {
    await delivery.send(channel.message(app, identifier, code))
  } catch (error) {
    ctx.logger.error({ err: (error as Error).message, delivery: delivery.kind }, 'code delivery failed')
    throw new ApiError(503, 'internal_error', `Could not send the ${channel.label}, try again later`)
  }
  // The same answer whether or not the identifier belongs to a user (no account enumeration).
  return c.json({ success: true })
}
