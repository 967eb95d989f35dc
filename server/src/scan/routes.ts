import type { Hono } from 'hono'
import type { ServerContext } from '../context.js'
import { ApiError } from '../http/api-error.js'
import type { AppEnv } from '../http/env.js'
import { readBody } from '../http/read-body.js'
import { hitRateLimit } from '../rate-limit/hit.js'
import type { RateLimitRule } from '../rate-limit/settings.js'
import { requireAccess } from '../sessions/authenticate-request.js'
import { appScanner } from './app-scanner.js'
import { scanBody, scanTransactionOf } from './schemas.js'
import { mount } from '../http/mount.js'
import { scanRoutes } from '../../../src/protocol/scan.js'

/** Scans per user: each is a simulation and a few reads on the chain's RPC. */
export const SCANS_PER_USER: RateLimitRule = { max: 120, windowSeconds: 60 }

/** `POST /api/v1/scan/transaction` (funding spec, "The calls it makes"): a signed-in user's transaction, scanned before approval. */
export function mountScanRoutes(app: Hono<AppEnv>, ctx: ServerContext): void {
  mount(app, scanRoutes.transaction, async (c) => {
    const claims = await requireAccess(ctx, c)
    const app = c.var.app
    if (!app.transactionScanning.enabled) throw new ApiError(403, 'feature_not_enabled', 'Transaction scanning is not enabled for this app')
    await hitRateLimit(ctx.db, ctx.clock, `scan-user:${claims.userId}`, SCANS_PER_USER)
    const body = await readBody(c, scanBody)
    const response = await appScanner(app, ctx.clock).scan({
      app,
      chainId: body.chain_id,
      domain: body.metadata.domain,
      transaction: scanTransactionOf(body.request.params[0]),
    })
    return c.json(response)
  })
}
