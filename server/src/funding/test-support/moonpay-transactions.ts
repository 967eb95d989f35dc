/**
 * The MoonPay stand-in's buy transactions in MoonPay's documented shape (the `transactions/ext/{id}` list items and
 * the `data` of `transaction_*` webhook events), the widget URL signature MoonPay checks (HMAC-SHA256 of the query
 * string with the secret key, base64, in `signature`), and the `Moonpay-Signature-V2` webhook header
 * (`t=<unix seconds>,s=<hex HMAC-SHA256 of "t.body" with the webhook key>`).
 */
import { createHmac, timingSafeEqual } from 'node:crypto'

export type MoonpayStatus = 'waitingPayment' | 'pending' | 'waitingAuthorization' | 'completed' | 'failed'

export interface MoonpayTransaction {
  id: string
  createdAt: string
  updatedAt: string
  baseCurrencyAmount: number
  quoteCurrencyAmount: number
  feeAmount: number
  extraFeeAmount: number
  networkFeeAmount: number
  areFeesIncluded: boolean
  status: MoonpayStatus
  failureReason: string | null
  walletAddress: string
  walletAddressTag: null
  cryptoTransactionId: string | null
  redirectUrl: null
  returnUrl: string
  widgetRedirectUrl: null
  baseCurrencyId: string
  currencyId: string
  customerId: string
  cardId: string | null
  bankAccountId: null
  eurRate: number
  usdRate: number
  gbpRate: number
  externalTransactionId: string | null
  externalCustomerId: string | null
  paymentMethod: string
  cardPaymentType: string | null
  country: string
  state: string
  stages: { stage: string; status: 'not_started' | 'in_progress' | 'success' | 'failed'; actions: []; failureReason: string | null }[]
  baseCurrency: { id: string; type: 'fiat'; name: string; code: string; precision: number }
  currency: { id: string; type: 'crypto'; name: string; code: string; precision: number; networkCode: string; notAllowedUS: boolean }
}

/** The widget URL's query string (with its `?`) without the `signature` pair, exactly as sent, and the signature. */
export function splitSignedQuery(rawUrl: string): { signed: string; signature: string | null } {
  const query = rawUrl.includes('?') ? rawUrl.slice(rawUrl.indexOf('?') + 1) : ''
  const pairs = query.split('&').filter(Boolean)
  const signaturePair = pairs.find((pair) => pair.startsWith('signature='))
  const rest = pairs.filter((pair) => pair !== signaturePair)
  let signature: string | null = null
  try {
    signature = signaturePair ? decodeURIComponent(signaturePair.slice('signature='.length)) : null
  } catch {
    signature = ''
  }
  return { signed: rest.length > 0 ? `?${rest.join('&')}` : '', signature }
}

export const signQuery = (secretKey: string, query: string) => createHmac('sha256', secretKey).update(query).digest('base64')

/** Whether `rawUrl`'s signature is the secret key's over the rest of its query string. */
export function hasValidSignature(rawUrl: string, secretKey: string): boolean {
  const { signed, signature } = splitSignedQuery(rawUrl)
  if (!signature) return false
  const expected = Buffer.from(signQuery(secretKey, signed))
  const given = Buffer.from(signature)
  return expected.length === given.length && timingSafeEqual(expected, given)
}

export function moonpaySignatureHeader(webhookKey: string, body: string, nowSeconds = Math.floor(Date.now() / 1000)): Record<string, string> {
  return { 'moonpay-signature-v2': `t=${nowSeconds},s=${createHmac('sha256', webhookKey).update(`${nowSeconds}.${body}`).digest('hex')}` }
}

const eventTypes: Record<MoonpayStatus, string> = {
  waitingPayment: 'transaction_created',
  pending: 'transaction_updated',
  waitingAuthorization: 'transaction_updated',
  completed: 'transaction_updated',
  failed: 'transaction_failed',
}

export const webhookBody = (transaction: MoonpayTransaction) =>
  JSON.stringify({ data: transaction, type: eventTypes[transaction.status], externalCustomerId: transaction.externalCustomerId })

/** MoonPay's stages of a buy, as far as `status` has come. */
export function stagesFor(status: MoonpayStatus, failureReason: string | null): MoonpayTransaction['stages'] {
  const order = ['stage_one_ordering', 'stage_two_verification', 'stage_three_processing', 'stage_four_delivery']
  const reached = { waitingPayment: 1, waitingAuthorization: 2, pending: 3, completed: 4, failed: 3 }[status]
  return order.map((stage, index) => ({
    stage,
    status:
      index < reached - 1 || status === 'completed' ? 'success' : index === reached - 1 ? (status === 'failed' ? 'failed' : 'in_progress') : 'not_started',
    actions: [],
    failureReason: status === 'failed' && index === reached - 1 ? failureReason : null,
  }))
}
