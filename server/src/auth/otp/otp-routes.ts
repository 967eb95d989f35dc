import { Hono } from 'hono'
import type { AppRecord } from '../../apps/types.js'
import { assertCaptcha } from '../../captcha/assert-captcha.js'
import type { ServerContext } from '../../context.js'
import { ApiError } from '../../http/api-error.js'
import { requireClientIp } from '../../http/client-ip.js'
import type { AppEnv } from '../../http/env.js'
import { readBody } from '../../http/read-body.js'
import { hitRateLimit } from '../../rate-limit/hit.js'
import { countIdentifierSend } from '../../rate-limit/identifier-sends.js'
import { bearerToken, requireAccess, verifyLiveAccess } from '../../sessions/authenticate-request.js'
import { assertLoginMethodEnabled } from '../shared/access-control.js'
import { redeemAccountTransfer } from '../shared/account-transfer.js'
import { completeLogin } from '../shared/complete-login.js'
import { linkVerifiedAccount } from '../shared/link-account.js'
import { unlinkAccount } from '../shared/unlink-account.js'
import { consumeCode, storeCode, type CodePurpose } from './code-store.js'
import { generateCode } from './generate-code.js'
import type { OtpChannel } from './otp-channel.js'
import { otpBodies } from './otp-bodies.js'
import { replaceVerifiedAccount } from './replace-verified-account.js'

const invalidCode = () => new ApiError(400, 'invalid_credentials', 'Invalid or expired verification code')

/**
 * `init, authenticate, link, unlink, update, transfer` for one-time codes on one channel (email or SMS):
 * one implementation of sending, checking and spending codes, ending in the shared login and link paths.
 */
export function otpRoutes(ctx: ServerContext, channel: OtpChannel): Hono<AppEnv> {
  const routes = new Hono<AppEnv>()
  const limits = ctx.rateLimits
  const bodies = otpBodies(channel)
  const spendCode = async (app: AppRecord, identifier: string, purpose: CodePurpose, code: string) => {
    if (!(await consumeCode(ctx, { appId: app.id, identifier, purpose }, code))) throw invalidCode()
  }

  routes.post('/init', async (c) => {
    const app = c.var.app
    assertLoginMethodEnabled(app, channel.method)
    const { identifier, token } = await readBody(c, bodies.init)
    channel.assertSendable(app, identifier)
    const ip = requireClientIp(c, ctx.trustProxy)
    await hitRateLimit(ctx.db, ctx.clock, `init-ip:${ip}`, limits.initPerIp)
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
  })

  routes.post('/authenticate', async (c) => {
    const app = c.var.app
    assertLoginMethodEnabled(app, channel.method)
    await hitRateLimit(ctx.db, ctx.clock, `auth-ip:${requireClientIp(c, ctx.trustProxy)}`, limits.authenticatePerIp)
    const body = await readBody(c, bodies.authenticate)
    await spendCode(app, body.identifier, 'login', body.code)
    const login = await completeLogin(ctx, app, { method: channel.method, account: channel.account(body.identifier), mode: body.mode })
    return c.json(login.body)
  })

  routes.post('/link', async (c) => {
    const app = c.var.app
    assertLoginMethodEnabled(app, channel.method)
    const caller = await requireAccess(ctx, c)
    const body = await readBody(c, bodies.link)
    await spendCode(app, body.identifier, `link:${caller.userId}`, body.code)
    return c.json(await linkVerifiedAccount(ctx, app, caller.userId, channel.method, channel.account(body.identifier)))
  })

  routes.post('/unlink', async (c) => {
    const caller = await requireAccess(ctx, c)
    const { identifier } = await readBody(c, bodies.unlink)
    return c.json(await unlinkAccount(ctx, c.var.app, caller.userId, channel.accountType, identifier))
  })

  routes.post('/update', async (c) => {
    const app = c.var.app
    assertLoginMethodEnabled(app, channel.method)
    const caller = await requireAccess(ctx, c)
    const body = await readBody(c, bodies.update)
    const replacement = { type: channel.accountType, from: body.oldIdentifier, to: body.newIdentifier }
    return c.json(await replaceVerifiedAccount(ctx, app, caller.userId, replacement, () => spendCode(app, body.newIdentifier, `link:${caller.userId}`, body.code)))
  })

  routes.post('/transfer', async (c) => {
    const app = c.var.app
    const caller = await requireAccess(ctx, c)
    const { nonce } = await readBody(c, bodies.transfer)
    return c.json(await redeemAccountTransfer(ctx, app.id, caller, nonce, [channel.accountType]))
  })

  return routes
}
