import { createHash } from 'node:crypto'
import type { z } from 'zod'
import { getApp } from '../../apps/store.js'
import type { AppRecord } from '../../apps/types.js'
import type { ServerContext } from '../../context.js'
import { invalidData, notFound } from '../../http/api-error.js'
import { findFundingReference, storeWebhookEvent, type FundingWebhookEvent } from '../funding-store.js'

/** The app a provider delivers to (named in the webhook URL, since providers send no app header). */
export async function webhookApp(ctx: ServerContext, appId: string): Promise<AppRecord> {
  const app = /^[a-z0-9-]{1,100}$/.test(appId) ? await getApp(ctx.db, appId) : null
  if (!app) throw notFound('App not found')
  return app
}

/** A delivery's verified body as JSON of the expected shape; else 400. */
export function parseWebhookBody<Schema extends z.ZodType>(body: Buffer, schema: Schema): z.infer<Schema> {
  let json: unknown
  try {
    json = JSON.parse(body.toString('utf8'))
  } catch {
    throw invalidData('Webhook body is not valid JSON')
  }
  const parsed = schema.safeParse(json)
  if (!parsed.success) throw invalidData('Webhook body is not a transaction event')
  return parsed.data
}

/** The id of a delivery without a provider event id: the same event delivered again has the same body. */
export const bodyDigest = (body: Buffer) => `sha256:${createHash('sha256').update(body).digest('hex')}`

/** Events before this are a provider's "not set" dates ('0001-01-01T00:00:00Z'). */
const EARLIEST_EVENT_MS = Date.UTC(2000, 0, 1)

/** The first of the event's own dates that is a real time, else the signature's time. */
export function eventTimeOf(dates: (string | undefined)[], signedAtMs: number): number {
  for (const date of dates) {
    const ms = date ? Date.parse(date) : Number.NaN
    if (ms > EARLIEST_EVENT_MS) return ms
  }
  return signedAtMs
}

/**
 * Stores an event about a purchase this server started (a reference it recorded for the app); events about others
 * (the provider account's other integrations) are acknowledged and dropped. A duplicate delivery changes nothing.
 */
export async function storeEventOfKnownPurchase(ctx: ServerContext, event: FundingWebhookEvent): Promise<void> {
  if (!(await findFundingReference(ctx.db, event.provider, event.appId, event.reference))) return
  await storeWebhookEvent(ctx.db, event, ctx.clock.now())
}
