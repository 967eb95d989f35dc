import type { Hono } from 'hono'
import type { ServerContext } from '../../context.js'
import { ApiError } from '../../http/api-error.js'
import { eventPurchaseStatus, coinbaseWebhookBody } from '../coinbase/transaction-event.js'
import { coinbaseEventId, verifyCoinbaseWebhook } from '../coinbase/verify-webhook.js'
import { moonpayWebhookBody, transactionDto } from '../moonpay/transaction-event.js'
import { MOONPAY_SIGNATURE_HEADER, verifyMoonpayWebhook } from '../moonpay/verify-webhook.js'
import { bodyDigest, eventTimeOf, parseWebhookBody, storeEventOfKnownPurchase, webhookApp } from './receive-event.js'
import { mount } from '../../http/mount.js'
import { fundingRoutes } from '../../../../src/protocol/funding.js'
import type { AppEnv } from '../../http/env.js'

const noWebhooks = (provider: string) => new ApiError(403, 'feature_not_enabled', `${provider} webhooks are not configured for this app`)
const received = { received: true }

/**
 * `POST /api/v1/funding/webhooks/{coinbase|moonpay}/:app_id`: the providers' transaction webhooks, accepted only with
 * a valid, fresh signature (docs/security.md #65); stored once per event whatever the order (the status routes pick the event
 * that counts). A bad or missing signature is 401/400 and stores nothing.
 */
export function mountFundingWebhookRoutes(app: Hono<AppEnv>, ctx: ServerContext): void {
  mount(app, fundingRoutes.coinbaseWebhook, async (c) => {
    const app = await webhookApp(ctx, c.req.param('app_id'))
    const secret = app.funding?.coinbaseOnramp?.webhookSecret
    if (!secret) throw noWebhooks('Coinbase Onramp')
    const body = Buffer.from(await c.req.arrayBuffer())
    const { timestamp, signedHeaders } = verifyCoinbaseWebhook((name) => c.req.header(name), body, secret, ctx.clock.now())
    const event = parseWebhookBody(body, coinbaseWebhookBody)
    if (event.partnerUserRef) {
      await storeEventOfKnownPurchase(ctx, {
        provider: 'coinbase',
        appId: app.id,
        eventId: coinbaseEventId(signedHeaders) ?? bodyDigest(body),
        reference: event.partnerUserRef,
        status: eventPurchaseStatus(event),
        eventTime: eventTimeOf([event.completedAt, event.createdAt], timestamp * 1000),
        data: { transactionId: event.transactionId ?? null, status: event.status ?? null },
      })
    }
    return c.json(received)
  })

  mount(app, fundingRoutes.moonpayWebhook, async (c) => {
    const app = await webhookApp(ctx, c.req.param('app_id'))
    const key = app.funding?.moonpay?.webhookKey
    if (!key) throw noWebhooks('MoonPay')
    const body = Buffer.from(await c.req.arrayBuffer())
    const { timestamp } = verifyMoonpayWebhook(c.req.header(MOONPAY_SIGNATURE_HEADER), body, key, ctx.clock.now())
    const { data } = parseWebhookBody(body, moonpayWebhookBody)
    if (data.externalTransactionId) {
      await storeEventOfKnownPurchase(ctx, {
        provider: 'moonpay',
        appId: app.id,
        eventId: bodyDigest(body),
        reference: data.externalTransactionId,
        status: data.status,
        eventTime: eventTimeOf([data.updatedAt, data.createdAt], timestamp * 1000),
        data: { ...transactionDto(data) },
      })
    }
    return c.json(received)
  })
}
