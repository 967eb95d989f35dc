import { Hono, type Context } from 'hono'
import { z } from 'zod'
import { authModes, type CrossAppConnectionsResponse, type CrossAppDetailsDto, type CrossAppRequesterDto } from '../../../../src/protocol/index.js'
import { isOriginAllowed } from '../../../../src/protocol/index.js'
import { getApp } from '../../apps/store.js'
import type { AppRecord } from '../../apps/types.js'
import type { ServerContext } from '../../context.js'
import { ApiError, notFound } from '../../http/api-error.js'
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
import { issueCrossAppCode, recordCrossAppCodeSession, redeemCrossAppCode, type RedeemedCrossAppCode } from './code-store.js'
import { findConnections, requireConnection, toConnectionDto } from './connections.js'
import { providerAccountDetails } from './provider-account.js'

/** RFC 7636 §4.1: 43–128 unreserved characters; state codes follow the same rule. */
const VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/
/** base64url of a SHA-256 digest, unpadded. */
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/

const appId = safeString(64)
const stateCode = safeString(128).regex(VERIFIER, 'must be 43-128 URL-safe characters')
const authorizeBody = z.object({
  requester_app_id: appId,
  requester_origin: safeString(300),
  state_code: stateCode,
  code_challenge: safeString(64).regex(S256_CHALLENGE, 'must be a base64url SHA-256 digest'),
})
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
const transactRequesterBody = z.object({ requester_app_id: appId, requester_origin: safeString(300) })
const transferBody = z.object({ nonce: safeString(256) })

/** The provider identity a redeemed code proves, keyed by the provider user id (unique across apps). */
const accountOf = (redeemed: RedeemedCrossAppCode, providerName: string): VerifiedAccount => ({
  type: 'cross_app',
  key: redeemed.subject,
  details: redeemed.details,
  allowlistIdentifiers: [],
  displayName: `${providerName} account`,
})

const requesterDto = (requester: AppRecord, readOnly: boolean): CrossAppRequesterDto =>
  ({ app_id: requester.id, name: requester.name, icon_url: requester.logoUrl, read_only: readOnly })

/** `GET /api/v1/apps/{app_id}/cross-app/{connections,details}` (public, like the app config). */
export function crossAppAppRoutes(ctx: ServerContext): Hono {
  const routes = new Hono()
  routes.get('/:app_id/cross-app/connections', async (c) => {
    const app = await getApp(ctx.db, c.req.param('app_id'))
    if (!app) throw notFound('App not found')
    const body: CrossAppConnectionsResponse = { connections: (await findConnections(ctx.db, app.id)).map(toConnectionDto) }
    return c.json(body)
  })
  routes.get('/:app_id/cross-app/details', async (c) => {
    const app = await getApp(ctx.db, c.req.param('app_id'))
    if (!app) throw notFound('App not found')
    const body: CrossAppDetailsDto = {
      id: app.id,
      name: app.name,
      icon_url: app.logoUrl,
      authorize_url: app.crossAppProvider?.authorizeUrl ?? null,
      transact_url: app.crossAppProvider?.transactUrl ?? null,
    }
    return c.json(body)
  })
  return routes
}

/**
 * `/api/v1/cross-app/*`. The provider's page (with the provider app's header and its user's session)
 * asks who is requesting and authorizes; the requester (its own header) redeems the code to sign in,
 * link, unlink, take over an account another user holds (transfer), or start a transaction.
 */
export function crossAppRoutes(ctx: ServerContext): Hono<AppEnv> {
  const routes = new Hono<AppEnv>()

  routes.get('/requesters/:app_id', async (c) => {
    const connection = await requireConnection(ctx.db, c.req.param('app_id'), c.var.app.id)
    const requester = await getApp(ctx.db, c.req.param('app_id'))
    if (!requester) throw notFound('App not found')
    return c.json(requesterDto(requester, connection.readOnly))
  })

  /** A connected requester whose allowed origins include `origin`: the provider page's answers go nowhere else. */
  async function requireRequesterOrigin(providerAppId: string, requesterAppId: string, origin: string) {
    const connection = await requireConnection(ctx.db, requesterAppId, providerAppId)
    const requester = await getApp(ctx.db, requesterAppId)
    if (!requester || !isOriginAllowed(origin, requester.allowedOrigins)) {
      throw new ApiError(403, 'invalid_origin', 'The requester origin is not allowed for this app')
    }
    return { requester, readOnly: connection.readOnly }
  }

  // The transact page's check before it answers (the request rides in its address, so anyone could forge the origin).
  routes.post('/transact/requester', async (c) => {
    await requireAccess(ctx, c)
    const body = await readBody(c, transactRequesterBody)
    const { requester, readOnly } = await requireRequesterOrigin(c.var.app.id, body.requester_app_id, body.requester_origin)
    return c.json(requesterDto(requester, readOnly))
  })

  routes.post('/authorize', async (c) => {
    const provider = c.var.app
    const caller = await requireAccess(ctx, c)
    const body = await readBody(c, authorizeBody)
    // The popup answers only an origin the requester app allows: the code never reaches another site.
    const { requester } = await requireRequesterOrigin(provider.id, body.requester_app_id, body.requester_origin)
    const code = await issueCrossAppCode(ctx, {
      providerAppId: provider.id,
      requesterAppId: requester.id,
      clientStateCode: body.state_code,
      codeChallenge: body.code_challenge,
      subject: caller.userId,
      details: await providerAccountDetails(ctx.db, provider, caller.userId),
    })
    return c.json({ authorization_code: code, requester_origin: body.requester_origin })
  })

  /** Checks the connection still stands before the code is spent, then redeems it. */
  async function redeem(c: Context<AppEnv>, body: z.infer<typeof linkBody>) {
    const connection = await requireConnection(ctx.db, c.var.app.id, body.provider_app_id)
    const redeemed = await redeemCrossAppCode(ctx, c.var.app.id, {
      providerAppId: body.provider_app_id,
      code: body.authorization_code,
      stateCode: body.state_code,
      codeVerifier: body.code_verifier,
    })
    return { redeemed, account: accountOf(redeemed, connection.provider.name) }
  }

  routes.post('/authenticate', async (c) => {
    await hitRateLimit(ctx.db, ctx.clock, `auth-ip:${requireClientIp(c, ctx.trustProxy)}`, ctx.rateLimits.authenticatePerIp)
    const body = await readBody(c, authenticateBody)
    const { redeemed, account } = await redeem(c, body)
    const login = await completeLogin(ctx, c.var.app, { method: 'cross_app', account, mode: body.mode })
    await recordCrossAppCodeSession(ctx, redeemed.codeHash, login.sessionId)
    return c.json(login.body)
  })

  routes.post('/link', async (c) => {
    const caller = await requireAccess(ctx, c)
    const { account } = await redeem(c, await readBody(c, linkBody))
    return c.json(await linkVerifiedAccount(ctx, c.var.app, caller.userId, 'cross_app', account))
  })

  routes.post('/unlink', async (c) => {
    const caller = await requireAccess(ctx, c)
    const body = await readBody(c, unlinkBody)
    return c.json(await unlinkAccount(ctx, c.var.app, caller.userId, 'cross_app', body.subject))
  })

  routes.post('/transfer', async (c) => {
    const caller = await requireAccess(ctx, c)
    const body = await readBody(c, transferBody)
    return c.json(await redeemAccountTransfer(ctx, c.var.app.id, caller, body.nonce, ['cross_app']))
  })

  // Document 2 §4: transacting against a read-only provider is refused, and only for a linked provider account.
  routes.post('/transact/init', async (c) => {
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
  })

  return routes
}
