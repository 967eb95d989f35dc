import type { Context } from 'hono'
import { z } from 'zod'
import { isOriginAllowed, type CrossAppRequesterDto } from '../../../../src/protocol/index.js'
import { getApp } from '../../apps/store.js'
import type { AppRecord } from '../../apps/types.js'
import type { ServerContext } from '../../context.js'
import { ApiError, notFound } from '../../http/api-error.js'
import type { AppEnv } from '../../http/env.js'
import { readBody } from '../../http/read-body.js'
import { safeString } from '../../http/schemas.js'
import { requireAccess } from '../../sessions/authenticate-request.js'
import { issueCrossAppCode } from './code-store.js'
import { requireConnection } from './connections.js'
import { providerAccountDetails } from './provider-account.js'
import { appId, S256_CHALLENGE, stateCode } from './wire.js'

const authorizeBody = z.object({
  requester_app_id: appId,
  requester_origin: safeString(300),
  state_code: stateCode,
  code_challenge: safeString(64).regex(S256_CHALLENGE, 'must be a base64url SHA-256 digest'),
})
const transactRequesterBody = z.object({ requester_app_id: appId, requester_origin: safeString(300) })

const requesterDto = (requester: AppRecord, readOnly: boolean): CrossAppRequesterDto => ({
  app_id: requester.id,
  name: requester.name,
  icon_url: requester.logoUrl,
  read_only: readOnly,
})

/** A connected requester whose allowed origins include `origin`: the provider page's answers go nowhere else. */
async function requireRequesterOrigin(ctx: ServerContext, providerAppId: string, requesterAppId: string, origin: string) {
  const connection = await requireConnection(ctx.db, requesterAppId, providerAppId)
  const requester = await getApp(ctx.db, requesterAppId)
  if (!requester || !isOriginAllowed(origin, requester.allowedOrigins)) {
    throw new ApiError(403, 'invalid_origin', 'The requester origin is not allowed for this app')
  }
  return { requester, readOnly: connection.readOnly }
}

/** `GET /requesters/:app_id`: who is asking, for the provider page to show. */
export async function showRequester(ctx: ServerContext, c: Context<AppEnv, '/requesters/:app_id'>) {
  const connection = await requireConnection(ctx.db, c.req.param('app_id'), c.var.app.id)
  const requester = await getApp(ctx.db, c.req.param('app_id'))
  if (!requester) throw notFound('App not found')
  return c.json(requesterDto(requester, connection.readOnly))
}

/** `POST /transact/requester`: the transact page's check before it answers (the request rides in its address, so anyone could forge the origin). */
export async function checkTransactRequester(ctx: ServerContext, c: Context<AppEnv>) {
  await requireAccess(ctx, c)
  const body = await readBody(c, transactRequesterBody)
  const { requester, readOnly } = await requireRequesterOrigin(ctx, c.var.app.id, body.requester_app_id, body.requester_origin)
  return c.json(requesterDto(requester, readOnly))
}

/** `POST /authorize`: a code for the requester proving the provider's signed-in user. */
export async function authorizeRequester(ctx: ServerContext, c: Context<AppEnv>) {
  const provider = c.var.app
  const caller = await requireAccess(ctx, c)
  const body = await readBody(c, authorizeBody)
  // The popup answers only an origin the requester app allows: the code never reaches another site.
  const { requester } = await requireRequesterOrigin(ctx, provider.id, body.requester_app_id, body.requester_origin)
  const code = await issueCrossAppCode(ctx, {
    providerAppId: provider.id,
    requesterAppId: requester.id,
    clientStateCode: body.state_code,
    codeChallenge: body.code_challenge,
    subject: caller.userId,
    details: await providerAccountDetails(ctx.db, provider, caller.userId),
  })
  return c.json({ authorization_code: code, requester_origin: body.requester_origin })
}
