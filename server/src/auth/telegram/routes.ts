import type { Hono } from 'hono'
import { z } from 'zod'
import { authModes } from '../../../../src/protocol/index.js'
import type { AppRecord } from '../../apps/types.js'
import type { TelegramSettings } from './settings.js'
import { assertCaptcha } from '../../captcha/assert-captcha.js'
import type { ServerContext } from '../../context.js'
import { ApiError, invalidData } from '../../http/api-error.js'
import { requireClientIp } from '../../http/client-ip.js'
import type { AppEnv } from '../../http/env.js'
import { readBody } from '../../http/read-body.js'
import { safeString } from '../../http/schemas.js'
import { hitRateLimit } from '../../rate-limit/hit.js'
import { requireAccess } from '../../sessions/authenticate-request.js'
import { redeemAccountTransfer } from '../shared/account-transfer.js'
import { assertLoginMethodEnabled } from '../shared/access-control.js'
import { completeLogin } from '../shared/complete-login.js'
import { linkVerifiedAccount } from '../shared/link-account.js'
import { unlinkAccount } from '../shared/unlink-account.js'
import type { VerifiedAccount } from '../shared/verified-account.js'
import { verifyLoginWidget, verifyWebAppData } from './verify-telegram.js'
import { mount } from '../../http/mount.js'
import { telegramAuthenticateRoute, telegramLinkRoute, telegramTransferRoute, telegramUnlinkRoute } from '../../../../src/protocol/routes/telegram.js'

/** Any field Telegram signed, kept as received so an added or changed one breaks the hash rather than the schema. */
const signedData = z
  .record(safeString(64), z.union([safeString(4096), z.number().finite()]).nullish())
  .refine((data) => Object.keys(data).length <= 32, 'too many fields')
const proof = { telegram_auth_result: signedData.nullish(), telegram_web_app_data: signedData.nullish() }
const authenticateBody = z.object({ ...proof, captcha_token: safeString(4096).nullish(), mode: z.enum(authModes).nullish() })
const linkBody = z.object(proof)
const unlinkBody = z.object({ telegram_user_id: safeString(32) })
const transferBody = z.object({ ...proof, nonce: safeString(256) })

/** The app's bot, or 400 `feature_not_enabled` when Telegram is on but no bot is configured. */
function telegramSettings(app: AppRecord): TelegramSettings {
  if (!app.telegram) throw new ApiError(400, 'feature_not_enabled', 'Telegram has no bot configured for this app')
  return app.telegram
}

/** Exactly one proof: a Login Widget result, or Mini App `initData` when the app allows seamless sign-in. */
function verifyProof(ctx: ServerContext, app: AppRecord, body: z.infer<typeof linkBody>): VerifiedAccount {
  const bot = telegramSettings(app)
  const { telegram_auth_result: widget, telegram_web_app_data: webApp } = body
  if (!widget === !webApp) throw invalidData('Give one of telegram_auth_result or telegram_web_app_data')
  if (widget) return verifyLoginWidget(widget, bot.botToken, ctx.clock)
  if (!bot.seamlessAuthEnabled) throw new ApiError(400, 'feature_not_enabled', 'Seamless Telegram sign-in is not enabled for this app')
  return verifyWebAppData(webApp!, bot.botToken, ctx.clock)
}

/** `POST /api/v1/telegram/{authenticate,link,unlink,transfer}`: Login Widget and Mini App sign-in. */
export function mountTelegramRoutes(app: Hono<AppEnv>, ctx: ServerContext): void {
  mount(app, telegramAuthenticateRoute, async (c) => {
    const app = c.var.app
    assertLoginMethodEnabled(app, 'telegram')
    const ip = requireClientIp(c, ctx.trustProxy)
    await hitRateLimit(ctx.db, ctx.clock, `auth-ip:${ip}`, ctx.rateLimits.authenticatePerIp)
    const body = await readBody(c, authenticateBody)
    await assertCaptcha(ctx, app, body.captcha_token, ip)
    const account = verifyProof(ctx, app, body)
    const login = await completeLogin(ctx, app, { method: 'telegram', account, mode: body.mode })
    return c.json(login.body)
  })

  mount(app, telegramLinkRoute, async (c) => {
    const app = c.var.app
    assertLoginMethodEnabled(app, 'telegram')
    const caller = await requireAccess(ctx, c)
    // The public config tells clients `link_enabled`; the server enforces it (the client shows 'Login with Telegram not allowed.').
    if (!telegramSettings(app).linkEnabled) throw new ApiError(403, 'disallowed_login_method', 'Linking a Telegram account is not enabled for this app')
    const account = verifyProof(ctx, app, await readBody(c, linkBody))
    return c.json(await linkVerifiedAccount(ctx, app, caller.userId, 'telegram', account))
  })

  mount(app, telegramUnlinkRoute, async (c) => {
    const caller = await requireAccess(ctx, c)
    const body = await readBody(c, unlinkBody)
    return c.json(await unlinkAccount(ctx, c.var.app, caller.userId, 'telegram', body.telegram_user_id))
  })

  mount(app, telegramTransferRoute, async (c) => {
    const caller = await requireAccess(ctx, c)
    const body = await readBody(c, transferBody)
    return c.json(await redeemAccountTransfer(ctx, c.var.app.id, caller, body.nonce, ['telegram']))
  })
}
