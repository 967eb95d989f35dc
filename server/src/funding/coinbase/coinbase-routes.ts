import type { Hono } from 'hono'
import { z } from 'zod'
import type { CoinbaseOnRampInitResponse, CoinbaseOnRampStatus, CoinbaseOnRampStatusResponse } from '../../../../src/protocol/funding.js'
import { randomId } from '../../apps/app-id.js'
import type { AppRecord, CoinbaseOnrampSettings } from '../../apps/types.js'
import type { ServerContext } from '../../context.js'
import { notFound } from '../../http/api-error.js'
import { requireClientIp } from '../../http/client-ip.js'
import type { AppEnv } from '../../http/env.js'
import { readBody } from '../../http/read-body.js'
import { readQuery } from '../../http/read-query.js'
import { fundingCaller } from '../funding-caller.js'
import { currentEvent, findFundingReference, recordFundingReference, webhookEventsOf } from '../funding-store.js'
import { assertOwnWallets } from '../own-wallets.js'
import { FUNDING_SESSIONS_PER_USER, FUNDING_STATUS_CHECKS_PER_USER } from '../rate-limits.js'
import { requireCoinbaseOnramp } from '../require-provider.js'
import { createSessionToken, hostedPageUrl } from './create-session-token.js'
import { fetchPurchaseStatus } from './fetch-purchase-status.js'
import { coinbaseInitBody } from './init-body.js'
import { isTerminalPurchaseStatus } from './purchase-status.js'
import { mount } from '../../http/mount.js'
import { fundingRoutes } from '../../../../src/protocol/funding.js'

/** A partner user id is random (≥128 bits): knowing one is what lets Coinbase's API list its purchases. */
export const PARTNER_USER_ID_LENGTH = 32
const statusQuery = z.object({ partnerUserId: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'must be a partner user id') })

/** With a webhook secret the status comes from the stored webhooks; otherwise from Coinbase's Transaction Status API. */
async function purchaseStatus(ctx: ServerContext, app: AppRecord, settings: CoinbaseOnrampSettings, partnerUserId: string): Promise<CoinbaseOnRampStatus> {
  if (!settings.webhookSecret) return fetchPurchaseStatus(settings, partnerUserId, ctx.clock.now())
  const event = currentEvent(await webhookEventsOf(ctx.db, 'coinbase', app.id, partnerUserId), isTerminalPurchaseStatus)
  return (event?.status ?? 'pending') as CoinbaseOnRampStatus
}

/** `POST /api/v1/funding/coinbase_on_ramp/init` and `GET .../status` (funding spec, "The calls it makes"): the first card provider and the exchange transfer. */
export function mountCoinbaseOnrampRoutes(app: Hono<AppEnv>, ctx: ServerContext): void {
  mount(app, fundingRoutes.coinbaseOnRampInit, async (c) => {
    const { claims, app, settings } = await fundingCaller(ctx, c, requireCoinbaseOnramp, 'funding-session-user', FUNDING_SESSIONS_PER_USER)
    const body = await readBody(c, coinbaseInitBody)
    const addresses = body.addresses.map(({ address }) => address)
    await assertOwnWallets(ctx.db, app.id, claims.userId, addresses)
    const session = await createSessionToken(settings, { ...body, clientIp: requireClientIp(c, ctx.trustProxy) }, ctx.clock.now())
    const partnerUserId = randomId(PARTNER_USER_ID_LENGTH)
    await recordFundingReference(
      ctx.db,
      { provider: 'coinbase', reference: partnerUserId, appId: app.id, userId: claims.userId, addresses, details: {} },
      ctx.clock.now(),
    )
    return c.json({
      app_id: settings.projectId,
      session_token: session.token,
      channel_id: session.channelId,
      partner_user_id: partnerUserId,
      onramp_url: hostedPageUrl(settings),
    } satisfies CoinbaseOnRampInitResponse)
  })

  mount(app, fundingRoutes.coinbaseOnRampStatus, async (c) => {
    const { claims, app, settings } = await fundingCaller(ctx, c, requireCoinbaseOnramp, 'funding-status-user', FUNDING_STATUS_CHECKS_PER_USER)
    const { partnerUserId } = readQuery(c.req.query(), statusQuery)
    const reference = await findFundingReference(ctx.db, 'coinbase', app.id, partnerUserId)
    if (!reference || reference.userId !== claims.userId) throw notFound('Unknown purchase reference')
    return c.json({ status: await purchaseStatus(ctx, app, settings, partnerUserId) } satisfies CoinbaseOnRampStatusResponse)
  })
}
