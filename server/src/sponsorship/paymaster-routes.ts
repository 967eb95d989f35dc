import type { Context, Hono } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { numberToHex, type Hex } from 'viem'
import { paymasterRoute } from '../../../src/protocol/routes/paymaster.js'
import { getApp } from '../apps/store.js'
import type { AppRecord } from '../apps/types.js'
import type { ServerContext } from '../context.js'
import { ApiError, invalidToken } from '../http/api-error.js'
import type { AppEnv } from '../http/env.js'
import { mount } from '../http/mount.js'
import { bearerToken, verifyLiveAccess } from '../sessions/authenticate-request.js'
import { requireGasSponsorship } from './check-policy.js'
import { requireOwnSender } from './own-sender.js'
import { jsonRpcRequest, readPaymasterParams } from './paymaster-request.js'
import { paymasterStubData, signedPaymasterData, type PaymasterFields } from './sponsor-user-operation.js'
import { limitBody } from '../http/limit-body.js'

type JsonRpcId = string | number | null

/** A JSON-RPC error answer; an API refusal keeps its HTTP status and carries its code (`policy_violation`...) in `data`. */
class PaymasterRpcError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly rpcCode: number,
    message: string,
    readonly apiCode?: string,
  ) {
    super(message)
  }
}

const MAX_PAYMASTER_BODY_BYTES = 128 * 1024

const toRpcFields = (fields: PaymasterFields): Record<string, Hex> => ({
  paymaster: fields.paymaster,
  paymasterData: fields.paymasterData,
  paymasterVerificationGasLimit: numberToHex(fields.paymasterVerificationGasLimit),
  paymasterPostOpGasLimit: numberToHex(fields.paymasterPostOpGasLimit),
})

/** `POST /api/v1/apps/:app_id/paymaster` (ERC-7677): the app's verifying paymaster for its users. */
export function mountPaymasterRoutes(app: Hono<AppEnv>, ctx: ServerContext): void {
  const limitRequestBody = limitBody({
    maxSize: MAX_PAYMASTER_BODY_BYTES,
    onError: () => {
      throw new PaymasterRpcError(413, -32600, 'Invalid request: too large')
    },
  })
  mount(app, paymasterRoute, limitRequestBody, async (c) => {
    let id: JsonRpcId = null
    try {
      const request = jsonRpcRequest.safeParse(await c.req.json().catch(() => undefined))
      if (!request.success) throw new PaymasterRpcError(400, -32600, 'Invalid request: one JSON-RPC 2.0 request is expected')
      id = request.data.id
      return c.json({ jsonrpc: '2.0', id, result: await answer(ctx, c, request.data.method, request.data.params) })
    } catch (thrown) {
      const error = asRpcError(thrown)
      return c.json(
        { jsonrpc: '2.0', id, error: { code: error.rpcCode, message: error.message, ...(error.apiCode && { data: { code: error.apiCode } }) } },
        error.status,
      )
    }
  })
}

async function answer(ctx: ServerContext, c: Context<AppEnv>, method: string, params: unknown): Promise<Record<string, unknown>> {
  if (method !== 'pm_getPaymasterStubData' && method !== 'pm_getPaymasterData')
    throw new PaymasterRpcError(404, -32601, `Method not found: ${method.slice(0, 100)}`)
  const app = await getApp(ctx.db, c.req.param('app_id') ?? '')
  if (!app) throw new PaymasterRpcError(404, -32600, 'App not found')
  const userId = await callerOf(ctx, c, app)
  requireGasSponsorship(app)
  const call = readPaymasterParams(params)
  if (typeof call === 'string') throw new PaymasterRpcError(400, -32602, `Invalid params: ${call}`)
  await requireOwnSender(ctx.db, { appId: app.id, userId, sender: call.userOperation.sender })
  const request = { app, userId, ...call }
  if (method === 'pm_getPaymasterData') return toRpcFields(await signedPaymasterData(ctx, request))
  // The sponsor's name for the wallet's confirmation ('Sponsored by {app}'); not final: pm_getPaymasterData signs.
  return { ...toRpcFields(paymasterStubData(ctx, request)), sponsor: { name: app.name }, isFinal: false }
}

async function callerOf(ctx: ServerContext, c: Context<AppEnv>, app: AppRecord): Promise<string> {
  const token = bearerToken(c)
  if (!token) throw invalidToken()
  return (await verifyLiveAccess(ctx, token, app.id)).userId
}

function asRpcError(thrown: unknown): PaymasterRpcError {
  if (thrown instanceof PaymasterRpcError) return thrown
  if (thrown instanceof ApiError) return new PaymasterRpcError(thrown.status, thrown.status === 400 ? -32602 : -32000, thrown.message, thrown.code)
  throw thrown
}
