import type { Context, Hono } from 'hono'
import { z } from 'zod'
import type { TokenPriceResponse } from '../../../src/protocol/index.js'
import type { ServerContext } from '../context.js'
import { notFound } from '../http/api-error.js'
import { requireClientIp } from '../http/client-ip.js'
import type { AppEnv } from '../http/env.js'
import { readQuery } from '../http/read-query.js'
import { hitRateLimit } from '../rate-limit/hit.js'
import type { RateLimitRule } from '../rate-limit/settings.js'
import { appPriceSource } from './app-price-source.js'
import { splTokenInfo } from './spl-token-info.js'
import { mount } from '../http/mount.js'
import { scanRoutes } from '../../../src/protocol/scan.js'

/** Price and mint look-ups per client IP: each may reach an outside API. */
export const TOKEN_LOOKUPS_PER_IP: RateLimitRule = { max: 300, windowSeconds: 60 }

const priceQuery = z.object({
  chainId: z
    .string()
    .regex(/^\d{1,20}$/, 'must be a chain id')
    .transform(Number),
  tokenSymbol: z.string().regex(/^[A-Za-z0-9.]{1,20}$/, 'must be a token symbol'),
})
const splQuery = z.object({ mint_address: z.string().min(1).max(100), cluster: z.string().min(1).max(40) })

/** `GET /api/v1/token_price` and `GET /api/v1/spl_token_info` (funding spec, "The calls it makes"): app header only, no session. */
export function mountTokenRoutes(app: Hono<AppEnv>, ctx: ServerContext): void {
  // Per route, not `use('*')`: these routes mount at /api/v1, where a wildcard would catch every endpoint.
  const limit = (c: Context<AppEnv>) => hitRateLimit(ctx.db, ctx.clock, `token-lookup-ip:${requireClientIp(c, ctx.trustProxy)}`, TOKEN_LOOKUPS_PER_IP)

  mount(app, scanRoutes.tokenPrice, async (c) => {
    await limit(c)
    const { chainId, tokenSymbol } = readQuery(c.req.query(), priceQuery)
    const usd = await appPriceSource(c.var.app, ctx.clock).usdPrice({ chainId, symbol: tokenSymbol })
    if (usd === null) throw notFound(`No USD price for ${tokenSymbol.toUpperCase()} on chain ${chainId}`)
    return c.json({ usd } satisfies TokenPriceResponse)
  })

  mount(app, scanRoutes.splTokenInfo, async (c) => {
    await limit(c)
    const { mint_address: mintAddress, cluster } = readQuery(c.req.query(), splQuery)
    return c.json(await splTokenInfo(c.var.app, mintAddress, cluster))
  })
}
