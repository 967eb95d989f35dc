import { z } from 'zod'
import type { MoonpayTransactionDto } from '../../../../src/protocol/funding.js'
import { safeString } from '../../http/schemas.js'

/** Stored as text and jsonb: PostgreSQL holds no NUL characters. */
const text = safeString(200)
const amount = z.number().finite().nullable().optional()

/** The fields of a MoonPay webhook's transaction (`data`) the status copy answers with (`MoonpayTransactionDto`). */
const moonpayTransaction = z.object({
  id: text.optional(),
  status: safeString(50).min(1),
  externalTransactionId: text.optional(),
  paymentMethod: text.optional(),
  cardPaymentType: text.nullable().optional(),
  currency: z.object({ code: text }).optional(),
  baseCurrencyAmount: z.number().finite().optional(),
  quoteCurrencyAmount: amount,
  feeAmount: amount,
  extraFeeAmount: amount,
  networkFeeAmount: amount,
  walletAddress: text.optional(),
  createdAt: text.optional(),
  updatedAt: text.optional(),
})

/** A MoonPay transaction webhook (`transaction_created`, `transaction_updated`, `transaction_failed`). */
export const moonpayWebhookBody = z.object({ type: z.string().max(100), data: moonpayTransaction })

/** MoonPay's final statuses: a purchase never goes back from them. */
export const isTerminalMoonpayStatus = (status: string) => status === 'completed' || status === 'failed'

/** The stored copy of the transaction, as MoonPay's `transactions/ext/{id}` would list it. */
export function transactionDto(data: z.output<typeof moonpayTransaction>): MoonpayTransactionDto {
  const { createdAt: _created, updatedAt: _updated, cardPaymentType, status, ...rest } = data
  return { ...rest, status: status as MoonpayTransactionDto['status'], ...(cardPaymentType && { cardPaymentType }) }
}
