import { z } from 'zod'
import type { CoinbaseOnRampStatus } from '../../../../src/protocol/funding.js'
import { safeString } from '../../http/schemas.js'
import { purchaseStatusOf } from './purchase-status.js'

/** Stored as text and jsonb: PostgreSQL holds no NUL characters. */
const text = safeString(200)

/** A CDP Onramp webhook (`onramp.transaction.created|updated|success|failed`): the fields the status reads. */
export const coinbaseWebhookBody = z.object({
  eventType: text.optional(),
  transactionId: text.optional(),
  status: text.optional(),
  partnerUserRef: text.optional(),
  createdAt: text.optional(),
  completedAt: text.optional(),
})

/** The purchase status an event reports: its transaction status, else what its event type says. */
export function eventPurchaseStatus(body: z.output<typeof coinbaseWebhookBody>): CoinbaseOnRampStatus {
  if (body.status) return purchaseStatusOf(body.status)
  if (body.eventType === 'onramp.transaction.success') return 'success'
  if (body.eventType === 'onramp.transaction.failed') return 'failure'
  return 'pending'
}
