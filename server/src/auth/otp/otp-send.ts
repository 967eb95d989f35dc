import type { Context } from 'hono'
import { assertCaptcha } from '../../captcha/assert-captcha.js'
import { ApiError } from '../../http/api-error.js'
import { requireClientIp } from '../../http/client-ip.js'
import type { AppEnv } from '../../http/env.js'
import { readBody } from '../../http/read-body.js'
import { hitRateLimits } from '../../rate-limit/hit-chain.js'
import { identifierSendHits } from '../../rate-limit/identifier-sends.js'
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
  const via = channel.deliveryChannel(app)
  const delivery = ctx.delivery?.channels.includes(via) ? ctx.delivery : null
  // A signed-in caller gets a code bound to their account (link/update); anyone else a login code. Read first (it
  // changes nothing), so that the counters below can be one statement.
  const bearer = bearerToken(c)
  const caller = bearer ? await verifyLiveAccess(ctx, bearer, app.id).catch(() => null) : null
  const purpose: CodePurpose = caller ? `link:${caller.userId}` : 'login'
  const ipHit = { bucket: `init-ip:${ip}`, rule: ctx.rateLimits.initPerIp }
  const sendHits = [...identifierSendHits(ctx, app, identifier, ip), ...channel.sendLimits(ctx, app, identifier)]
  // Without a CAPTCHA to check and with a delivery, nothing stands between the per-IP and the per-identifier counters.
  if (!app.captcha && delivery) await hitRateLimits(ctx.db, ctx.clock, [ipHit, ...sendHits])
  else {
    await hitRateLimits(ctx.db, ctx.clock, [ipHit])
    // Before the per-identifier counters, so requests without a solved CAPTCHA cannot lock a victim out.
    await assertCaptcha(ctx, app, token, ip)
    if (!delivery) throw new ApiError(400, 'feature_not_enabled', `${channel.label} delivery is not configured on this server (${channel.deliverySetting})`)
    await hitRateLimits(ctx.db, ctx.clock, sendHits)
  }
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
