import type { Context } from 'hono'
import type { AppRecord } from '../../apps/types.js'
import type { ServerContext } from '../../context.js'
import { ApiError } from '../../http/api-error.js'
import { requireClientIp } from '../../http/client-ip.js'
import type { AppEnv } from '../../http/env.js'
import { readBody } from '../../http/read-body.js'
import { hitRateLimit } from '../../rate-limit/hit.js'
import { requireAccess } from '../../sessions/authenticate-request.js'
import { assertLoginMethodEnabled } from '../shared/access-control.js'
import { redeemAccountTransfer } from '../shared/account-transfer.js'
import { completeLogin } from '../shared/complete-login.js'
import { linkVerifiedAccount } from '../shared/link-account.js'
import { unlinkAccount } from '../shared/unlink-account.js'
import { consumeCode, type CodePurpose } from './code-store.js'
import type { OtpRouteDeps } from './otp-bodies.js'
import { replaceVerifiedAccount } from './replace-verified-account.js'

const invalidCode = () => new ApiError(400, 'invalid_credentials', 'Invalid or expired verification code')

async function spendCode(ctx: ServerContext, app: AppRecord, identifier: string, purpose: CodePurpose, code: string): Promise<void> {
  if (!(await consumeCode(ctx, { appId: app.id, identifier, purpose }, code))) throw invalidCode()
}

/** `POST /authenticate`: a login code signs in (or up). */
export async function authenticateWithCode({ ctx, channel, bodies }: OtpRouteDeps, c: Context<AppEnv>) {
  const app = c.var.app
  assertLoginMethodEnabled(app, channel.method)
  await hitRateLimit(ctx.db, ctx.clock, `auth-ip:${requireClientIp(c, ctx.trustProxy)}`, ctx.rateLimits.authenticatePerIp)
  const body = await readBody(c, bodies.authenticate)
  await spendCode(ctx, app, body.identifier, 'login', body.code)
  const login = await completeLogin(ctx, app, { method: channel.method, account: channel.account(body.identifier), mode: body.mode })
  return c.json(login.body)
}

/** `POST /link`: a code bound to the caller links the identifier to them. */
export async function linkWithCode({ ctx, channel, bodies }: OtpRouteDeps, c: Context<AppEnv>) {
  const app = c.var.app
  assertLoginMethodEnabled(app, channel.method)
  const caller = await requireAccess(ctx, c)
  const body = await readBody(c, bodies.link)
  await spendCode(ctx, app, body.identifier, `link:${caller.userId}`, body.code)
  return c.json(await linkVerifiedAccount(ctx, app, caller.userId, channel.method, channel.account(body.identifier)))
}

/** `POST /unlink`. */
export async function unlinkIdentifier({ ctx, channel, bodies }: OtpRouteDeps, c: Context<AppEnv>) {
  const caller = await requireAccess(ctx, c)
  const { identifier } = await readBody(c, bodies.unlink)
  return c.json(await unlinkAccount(ctx, c.var.app, caller.userId, channel.accountType, identifier))
}

/** `POST /update`: a code bound to the caller, sent to the new identifier, replaces the old one. */
export async function updateIdentifier({ ctx, channel, bodies }: OtpRouteDeps, c: Context<AppEnv>) {
  const app = c.var.app
  assertLoginMethodEnabled(app, channel.method)
  const caller = await requireAccess(ctx, c)
  const body = await readBody(c, bodies.update)
  const replacement = { type: channel.accountType, from: body.oldIdentifier, to: body.newIdentifier }
  return c.json(
    await replaceVerifiedAccount(ctx, app, caller.userId, replacement, () => spendCode(ctx, app, body.newIdentifier, `link:${caller.userId}`, body.code)),
  )
}

/** `POST /transfer`: takes over an identifier another user holds. */
export async function transferIdentifier({ ctx, channel, bodies }: OtpRouteDeps, c: Context<AppEnv>) {
  const app = c.var.app
  const caller = await requireAccess(ctx, c)
  const { nonce } = await readBody(c, bodies.transfer)
  return c.json(await redeemAccountTransfer(ctx, app.id, caller, nonce, [channel.accountType]))
}
