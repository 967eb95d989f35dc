import type { Queryable } from '../db/types.js'

/** Who a funding reference belongs to: a first-provider partner user id, a second-provider external transaction id, or a bridge request id. */
export type FundingProvider = 'coinbase' | 'moonpay' | 'relay'

export interface FundingReference {
  provider: FundingProvider
  reference: string
  appId: string
  userId: string
  /** The user's wallets the reference funds. */
  addresses: string[]
  details: Record<string, unknown>
}

interface ReferenceRow {
  provider: FundingProvider
  reference: string
  app_id: string
  user_id: string
  addresses: string[]
  details: Record<string, unknown>
}

/** Records a reference for its user; a reference already recorded keeps its first owner. */
export async function recordFundingReference(db: Queryable, reference: FundingReference, now: number): Promise<void> {
  await db.query(
    `INSERT INTO funding_references (provider, reference, app_id, user_id, addresses, details, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (provider, reference) DO NOTHING`,
    [reference.provider, reference.reference, reference.appId, reference.userId, JSON.stringify(reference.addresses), JSON.stringify(reference.details), now],
  )
}

export async function findFundingReference(db: Queryable, provider: FundingProvider, appId: string, reference: string): Promise<FundingReference | null> {
  const [row] = await db.query<ReferenceRow>(
    'SELECT provider, reference, app_id, user_id, addresses, details FROM funding_references WHERE provider = $1 AND reference = $2 AND app_id = $3',
    [provider, reference, appId],
  )
  return row
    ? { provider: row.provider, reference: row.reference, appId: row.app_id, userId: row.user_id, addresses: row.addresses, details: row.details }
    : null
}

/** A provider's webhook about one reference, normalized: `status` is the provider's, `eventTime` unix ms. */
export interface FundingWebhookEvent {
  provider: FundingProvider
  appId: string
  /** The provider's event id, or a digest of the delivery's body: the same event delivered twice has the same id. */
  eventId: string
  reference: string
  status: string
  eventTime: number
  data: Record<string, unknown>
}

/** Stores the event once; a duplicate delivery stores nothing and answers false. */
export async function storeWebhookEvent(db: Queryable, event: FundingWebhookEvent, now: number): Promise<boolean> {
  const inserted = await db.query(
    `INSERT INTO funding_webhook_events (provider, app_id, event_id, reference, status, event_time, data, received_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (provider, app_id, event_id) DO NOTHING RETURNING event_id`,
    [event.provider, event.appId, event.eventId, event.reference, event.status, event.eventTime, JSON.stringify(event.data), now],
  )
  return inserted.length > 0
}

interface EventRow {
  event_id: string
  status: string
  event_time: string | number
  data: Record<string, unknown>
}

/** Every stored event about a reference, in the order they arrived. */
export async function webhookEventsOf(db: Queryable, provider: FundingProvider, appId: string, reference: string): Promise<FundingWebhookEvent[]> {
  const rows = await db.query<EventRow>(
    'SELECT event_id, status, event_time, data FROM funding_webhook_events WHERE provider = $1 AND app_id = $2 AND reference = $3 ORDER BY received_at, event_id',
    [provider, appId, reference],
  )
  return rows.map((row) => ({ provider, appId, eventId: row.event_id, reference, status: row.status, eventTime: Number(row.event_time), data: row.data }))
}

/**
 * The event that says where a reference stands, whatever order the deliveries came in: a terminal status never gives
 * way to a pending one; otherwise the later event wins (ties: the later arrival).
 */
export function currentEvent(events: FundingWebhookEvent[], isTerminal: (status: string) => boolean): FundingWebhookEvent | null {
  const outranks = (event: FundingWebhookEvent, current: FundingWebhookEvent) =>
    isTerminal(event.status) !== isTerminal(current.status) ? isTerminal(event.status) : event.eventTime >= current.eventTime
  return events.reduce<FundingWebhookEvent | null>((current, event) => (!current || outranks(event, current) ? event : current), null)
}
