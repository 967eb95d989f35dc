import type { Clock } from '../clock.js'
import type { Queryable } from '../db/types.js'
import { deliveryChannels, type CodeMessage, type Delivery, type DeliveryChannel } from './types.js'

/** `subject` is empty for texts (SMS, WhatsApp). */
export interface OutboxEntry {
  to: string
  channel: DeliveryChannel
  code: string
  subject: string
  text: string
  sent_at: number
}

/** Dev mode only: stores each message of every channel in the database (shared by processes) and prints one console line. */
export function createDevOutbox(db: Queryable, clock: Clock, print: (line: string) => void): Delivery {
  return {
    kind: 'dev-outbox',
    channels: deliveryChannels,
    async send(message: CodeMessage) {
      await db.query('INSERT INTO dev_outbox (app_id, to_address, channel, code, subject, body, sent_at) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
        message.appId,
        message.to,
        message.channel,
        message.code,
        message.subject ?? '',
        message.text,
        clock.now(),
      ])
      print(`[outbox] ${message.channel} to ${message.to}: code ${message.code}`)
    },
  }
}

/** Newest first; `sent_at` in unix seconds like every wire timestamp. */
export async function readOutbox(db: Queryable, limit = 200): Promise<OutboxEntry[]> {
  const rows = await db.query<{ to_address: string; channel: DeliveryChannel; code: string; subject: string; body: string; sent_at: number }>(
    'SELECT to_address, channel, code, subject, body, sent_at FROM dev_outbox ORDER BY id DESC LIMIT $1',
    [limit],
  )
  return rows.map((row) => ({
    to: row.to_address,
    channel: row.channel,
    code: row.code,
    subject: row.subject,
    text: row.body,
    sent_at: Math.floor(row.sent_at / 1000),
  }))
}
