/**
 * The chain relay (docs/decisions.md "Chain RPC through the API server"): `POST /api/v1/apps/:app_id/rpc/evm/:chain_id`
 * and `POST /api/v1/apps/:app_id/rpc/solana/:cluster` pass one JSON-RPC request to the app's configured RPC for that
 * chain, so a page under `connect-src 'self' <api>` reads chains and broadcasts without reaching the node itself.
 * Not an open proxy: only the app's own chains, an allowlist of methods, a body limit, a per-IP limit, and the app's
 * allowed origins (the CORS check of every `/api/v1/apps/:app_id` route).
 */
import { Hono, type Context } from 'hono'
import { evmRelayRoute, solanaRelayRoute } from '../../../src/protocol/routes/chain-relay.js'
import { getApp } from '../apps/store.js'
import type { AppRecord } from '../apps/types.js'
import type { ServerContext } from '../context.js'
import { ApiError } from '../http/api-error.js'
import type { AppEnv } from '../http/env.js'
import { limitPerIp } from '../rate-limit/limit-per-ip.js'
import { scanChainOf } from '../scan/scan-chain.js'
import { relayJsonRpc } from './relay-json-rpc.js'
import { RelayError, relayRateLimited, requestTooLarge, unknownChain } from './relay-errors.js'
import { EVM_RELAY_METHODS, SOLANA_RELAY_METHODS } from './relay-methods.js'
import { limitBody } from '../http/limit-body.js'

/** One JSON-RPC request: a signed transaction or an eth_call's data fits many times over. */
export const MAX_RELAY_BODY_BYTES = 64 * 1024

type Upstream = (app: AppRecord, chain: string) => string | null

const evmUpstream: Upstream = (app, chainId) => (/^\d{1,20}$/.test(chainId) ? (scanChainOf(app, Number(chainId))?.rpcUrl ?? null) : null)
const solanaUpstream: Upstream = (app, cluster) => app.solanaClusters.find((configured) => configured.name === cluster)?.rpcUrl ?? null

/** Its own Hono, for its JSON-RPC error answers; the routes carry their full protocol paths (mounted at `/`). */
export function chainRelayRoutes(ctx: ServerContext): Hono<AppEnv> {
  const routes = new Hono<AppEnv>()
  const limitRequestBody = limitBody({
    maxSize: MAX_RELAY_BODY_BYTES,
    onError: () => {
      throw requestTooLarge(MAX_RELAY_BODY_BYTES)
    },
  })
  routes.onError((thrown, c) => {
    if (!(thrown instanceof RelayError)) throw thrown
    for (const [name, value] of Object.entries(thrown.headers)) c.header(name, value)
    return c.json(thrown.toBody(), thrown.status)
  })
  const relay = (upstreamOf: Upstream, methods: ReadonlySet<string>, chainParam: string, family: string) => async (c: Context<AppEnv>) => {
    await limitRelay(ctx, c)
    const app = await getApp(ctx.db, c.req.param('app_id') ?? '')
    if (!app) throw new RelayError(404, -32600, 'App not found')
    const chain = c.req.param(chainParam) ?? ''
    const upstreamUrl = upstreamOf(app, chain)
    if (!upstreamUrl) throw unknownChain(`${family} ${chain.slice(0, 40)}`)
    return c.json(await relayJsonRpc({ upstreamUrl, methods }, await c.req.text()))
  }
  routes.post(evmRelayRoute.path, limitRequestBody, relay(evmUpstream, EVM_RELAY_METHODS, 'chain_id', 'chain'))
  routes.post(solanaRelayRoute.path, limitRequestBody, relay(solanaUpstream, SOLANA_RELAY_METHODS, 'cluster', 'Solana cluster'))
  return routes
}

/** The per-IP limit, answered as a JSON-RPC error (EIP-1474 "limit exceeded") with the usual Retry-After. */
async function limitRelay(ctx: ServerContext, c: Context<AppEnv>): Promise<void> {
  try {
    await limitPerIp(ctx, c, 'rpc-relay-ip', ctx.rateLimits.rpcRelayPerIp)
  } catch (error) {
    if (error instanceof ApiError && error.status === 429) throw relayRateLimited(error.headers['Retry-After'] ?? '60')
    throw error
  }
}
