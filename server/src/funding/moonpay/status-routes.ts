import type { Hono } from 'hono'
import { z } from 'zod'
import { getApp } from '../../apps/store.js'
import type { ServerContext } from '../../context.js'
import { notFound } from '../../http/api-error.js'
import { requireClientIp } from '../../http/client-ip.js'
import { readQuery } from '../../http/read-query.js'
import { hitRateLimit } from '../../rate-limit/hit.js'
import { currentEvent, webhookEventsOf } from '../funding-store.js'
import { PUBLIC_STATUS_CHECKS_PER_IP } from '../rate-limits.js'
import { isTerminalMoonpayStatus } from './transaction-event.js'
import { mount } from '../../http/mount.js'
import { fundingRoutes } from '../../../../src/protocol/funding.js'
import type { AppEnv } from '../../http/env.js'

const statusQuery = z.object({ apiKey: z.string().regex(/^[a-z0-9-]{1,100}$/, 'must be an app id') })
const transactionNotFound = () => notFound('Transaction not found')

/**
 * `GET /api/v1/plugins/moonpay_on_ramp/transactions/ext/:id?apiKey=<app id>`: the second provider's status from the
 * app's stored webhooks, in MoonPay's own list shape, for a plain cross-origin GET (no app header, no bearer: the
 * random external transaction id is the capability). 404 until a webhook about it arrived.
 */
export function mountMoonpayStatusRoutes(app: Hono<AppEnv>, ctx: ServerContext): void {
  mount(app, fundingRoutes.moonpayTransaction, async (c) => {
    await hitRateLimit(ctx.db, ctx.clock, `moonpay-status-ip:${requireClientIp(c, ctx.trustProxy)}`, PUBLIC_STATUS_CHECKS_PER_IP)
    const { apiKey } = readQuery(c.req.query(), statusQuery)
    const id = c.req.param('id')
    const app = /^[A-Za-z0-9_-]{1,100}$/.test(id) ? await getApp(ctx.db, apiKey) : null
    if (!app?.funding?.moonpay?.webhookKey) throw transactionNotFound()
    const event = currentEvent(await webhookEventsOf(ctx.db, 'moonpay', app.id, id), isTerminalMoonpayStatus)
    if (!event) throw transactionNotFound()
    return c.json([event.data])
  })
}
