import type { Hono } from 'hono'
import { z } from 'zod'
import type { BridgeStatus, BridgeStatusResponse } from '../../../../src/protocol/funding.js'
import type { ServerContext } from '../../context.js'
import { notFound } from '../../http/api-error.js'
import type { AppEnv } from '../../http/env.js'
import { readBody } from '../../http/read-body.js'
import { readQuery } from '../../http/read-query.js'
import { fundingCaller } from '../funding-caller.js'
import { findFundingReference, recordFundingReference } from '../funding-store.js'
import { assertOwnWallets } from '../own-wallets.js'
import { BRIDGE_QUOTES_PER_USER, FUNDING_STATUS_CHECKS_PER_USER } from '../rate-limits.js'
import { requireBridge } from '../require-provider.js'
import { fetchRelayQuote, quoteRequestId } from './fetch-quote.js'
import { fetchRelayStatus } from './fetch-status.js'
import { findRelayRequestByHash } from './find-request.js'
import { bridgeQuoteBody } from './quote-body.js'
import { isTestnetRoute, relayExplorerUrl, REQUEST_ID_PATTERN } from './relay-network.js'
import { mount } from '../../http/mount.js'
import { fundingRoutes } from '../../../../src/protocol/funding.js'

const statusQuery = z
  .object({
    request_id: z.string().regex(REQUEST_ID_PATTERN, 'must be a bridge request id').optional(),
    hash: z
      .string()
      .regex(/^(0x[0-9a-fA-F]{64}|[1-9A-HJ-NP-Za-km-z]{32,100})$/, 'must be a transaction hash or signature')
      .optional(),
  })
  .refine((query) => query.request_id !== undefined || query.hash !== undefined, 'give request_id or hash')

const unknownRequest = () => notFound('Unknown bridge request')

/**
 * `POST /api/v1/funding/bridge/quote` and `GET /api/v1/funding/bridge/status` (Tessera): the bridge service (Relay)
 * through the server, which holds its key. A quote to the user's own wallet records its request for that user; only
 * they may ask its status.
 */
export function mountBridgeRoutes(app: Hono<AppEnv>, ctx: ServerContext): void {
  mount(app, fundingRoutes.bridgeQuote, async (c) => {
    const { claims, app, settings: bridge } = await fundingCaller(ctx, c, requireBridge, 'bridge-quote-user', BRIDGE_QUOTES_PER_USER)
    const body = await readBody(c, bridgeQuoteBody)
    await assertOwnWallets(ctx.db, app.id, claims.userId, [body.recipient])
    const testnet = isTestnetRoute(app, [body.originChainId, body.destinationChainId])
    const quote = await fetchRelayQuote(bridge, testnet, body)
    const requestId = quoteRequestId(quote)
    if (requestId) {
      await recordFundingReference(
        ctx.db,
        { provider: 'relay', reference: requestId, appId: app.id, userId: claims.userId, addresses: [body.recipient], details: { testnet } },
        ctx.clock.now(),
      )
    }
    return c.json(quote)
  })

  mount(app, fundingRoutes.bridgeStatus, async (c) => {
    const { claims, app, settings: bridge } = await fundingCaller(ctx, c, requireBridge, 'funding-status-user', FUNDING_STATUS_CHECKS_PER_USER)
    const query = readQuery(c.req.query(), statusQuery)
    const found = query.request_id === undefined ? await findRelayRequestByHash(bridge, query.hash!) : null
    const requestId = query.request_id ?? found?.id
    const reference = requestId === undefined ? null : await findFundingReference(ctx.db, 'relay', app.id, requestId)
    if (!reference || reference.userId !== claims.userId) throw unknownRequest()
    const testnet = reference.details.testnet === true
    const status: BridgeStatus = found?.status ?? (await fetchRelayStatus(bridge, testnet, reference.reference))
    return c.json({
      status,
      explorer_url: `${relayExplorerUrl(bridge, testnet)}/transaction/${query.hash ?? reference.reference}`,
    } satisfies BridgeStatusResponse)
  })
}
