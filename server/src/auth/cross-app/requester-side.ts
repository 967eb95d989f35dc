import type { Context } from 'hono'
import { z } from 'zod'
import { authModes } from '../../../../src/protocol/index.js'
import type { ServerContext } from '../../context.js'
import { ApiError } from '../../http/api-error.js'
import { requireClientIp } from '../../http/client-ip.js'
import type { AppEnv } from '../../http/env.js'
import { readBody } from '../../http/read-body.js'
import { safeString } from '../../http/schemas.js'
import { hitRateLimit } from '../../rate-limit/hit.js'
import { requireAccess } from '../../sessions/authenticate-request.js'
import { redeemAccountTransfer } from '../shared/account-transfer.js'
import { completeLogin } from '../shared/complete-login.js'
import { linkVerifiedAccount } from '../shared/link-account.js'
import { unlinkAccount } from '../shared/unlink-account.js'
import type { VerifiedAccount } from '../shared/verified-account.js'
import { recordCrossAppCodeSession, redeemCrossAppCode, type RedeemedCrossAppCode } from './code-store.js'
import { requireConnection } from './connections.js'
import { appId, stateCode, VERIFIER } from './wire.js'

const codeBody = {
  provider_app_id: appId,
  authorization_code: safeString(256),
  state_code: stateCode,
  code_verifier: safeString(128).regex(VERIFIER, 'must be 43-128 URL-safe characters'),
}
const authenticateBody = z.object({ ...codeBody, mode: z.enum(authModes).nullish() })
const linkBody = z.object(codeBody)
const unlinkBody = z.object({ provider_app_id: appId, subject: safeString(256) })
const transactInitBody = z.object({ provider_app_id: appId })
const transferBody = z.object({ nonce: safeString(256) })

/** The provider identity a redeemed code proves, keyed by the provider user id (unique across apps). */
const accountOf = (redeemed: RedeemedCrossAppCode, providerName: string): VerifiedAccount => ({
  type: 'cross_app',
  key: redeemed.subject,
  details: redeemed.details,
  allowlistIdentifiers: [],
  displayName: `${providerName} account`,
})

/** Checks the connection still stands before the code is spent, then redeems it. */
async function redeem(ctx: ServerContext, c: Context<AppEnv>, body: z.infer<typeof linkBody>) {
  const connection = await requireConnection(ctx.db, c.var.app.id, body.provider_app_id)
  const redeemed = await redeemCrossAppCode(ctx, c.var.app.id, {
    providerAppId: body.provider_app_id,
    code: body.authorization_code,
    stateCode: body.state_code,
    codeVerifier: body.code_verifier,
  })
  return { redeemed, account: accountOf(redeemed, connection.provider.name) }
}

/** `POST /authenticate`: signs in (or up) with the provider account a code proves. */
export async function authenticateWithProvider(ctx: ServerContext, c: Context<AppEnv>) {
  await hitRateLimit(ctx.db, ctx.clock, `auth-ip:${requireClientIp(c, ctx.trustProxy)}`, ctx.rateLimits.authenticatePerIp)
  const body = await readBody(c, authenticateBody)
  const { redeemed, account } = await redeem(ctx, c, body)
  const login = await completeLogin(ctx, c.var.app, { method: 'cross_app', account, mode: body.mode })
  await recordCrossAppCodeSession(ctx, redeemed.codeHash, login.sessionId)
  return c.json(login.body)
}

/** `POST /link`: links the provider account a code proves to the caller. */
export async function linkProviderAccount(ctx: ServerContext, c: Context<AppEnv>) {
  const caller = await requireAccess(ctx, c)
  const { account } = await redeem(ctx, c, await readBody(c, linkBody))
  return c.json(await linkVerifiedAccount(ctx, c.var.app, caller.userId, 'cross_app', account))
}

/** `POST /unlink`. */
export async function unlinkProviderAccount(ctx: ServerContext, c: Context<AppEnv>) {
  const caller = await requireAccess(ctx, c)
  const body = await readBody(c, unlinkBody)
  return c.json(await unlinkAccount(ctx, c.var.app, caller.userId, 'cross_app', body.subject))
}

/** `POST /transfer`: takes over a provider account another user holds. */
export async function transferProviderAccount(ctx: ServerContext, c: Context<AppEnv>) {
  const caller = await requireAccess(ctx, c)
  const body = await readBody(c, transferBody)
  return c.json(await redeemAccountTransfer(ctx, c.var.app.id, caller, body.nonce, ['cross_app']))
}

/** `POST /transact/init`, wallet spec, "States and transitions": refused against a read-only provider, and only for a linked provider account. */
export async function initProviderTransaction(ctx: ServerContext, c: Context<AppEnv>) {
  const caller = await requireAccess(ctx, c)
  const body = await readBody(c, transactInitBody)
  const connection = await requireConnection(ctx.db, c.var.app.id, body.provider_app_id)
  if (connection.readOnly) throw new ApiError(403, 'cross_app_connection_not_allowed', 'Cannot transact against a read-only provider app')
  const [linked] = await ctx.db.query<{ address: string }>(
    "SELECT address FROM linked_accounts WHERE app_id = $1 AND user_id = $2 AND type = 'cross_app' AND details->'provider_app'->>'id' = $3",
    [c.var.app.id, caller.userId, body.provider_app_id],
  )
  if (!linked) throw new ApiError(403, 'cross_app_connection_not_allowed', 'Transactions require a valid token')
  const transactUrl = connection.provider.crossAppProvider?.transactUrl
  if (!transactUrl) throw new ApiError(400, 'not_supported', 'Failed to initialize signature request')
  return c.json({ transact_url: transactUrl })
}
