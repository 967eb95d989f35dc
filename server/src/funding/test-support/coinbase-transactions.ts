/**
 * The Coinbase Onramp stand-in's purchases: one record per checkout, moved through Coinbase's documented statuses
 * (ONRAMP_TRANSACTION_STATUS_CREATED → IN_PROGRESS → SUCCESS, or FAILED), shown by the Transaction Status API in
 * its snake_case shape and sent to a webhook subscription as `onramp.transaction.*` events in their camelCase shape,
 * signed with `X-Hook0-Signature` (t, h, v1: HMAC-SHA256 over `t.h.<signed header values joined by '.'>.body`).
 */
import { createHmac } from 'node:crypto'

export type OnrampStatus =
  | 'ONRAMP_TRANSACTION_STATUS_CREATED'
  | 'ONRAMP_TRANSACTION_STATUS_IN_PROGRESS'
  | 'ONRAMP_TRANSACTION_STATUS_SUCCESS'
  | 'ONRAMP_TRANSACTION_STATUS_FAILED'

const money = (value: number, currency = 'USD') => ({ value: value.toFixed(2), currency })

export interface OnrampPurchase {
  transactionId: string
  status: OnrampStatus
  /** 'ETH', 'USDC', 'SOL', ... */
  purchaseCurrency: string
  purchaseNetwork: string
  /** Decimal amount of the asset bought. */
  purchaseAmount: string
  paymentSubtotalUsd: number
  coinbaseFeeUsd: number
  networkFeeUsd: number
  paymentMethod: 'CARD' | 'CRYPTO_ACCOUNT'
  type: 'ONRAMP_TRANSACTION_TYPE_BUY_AND_SEND' | 'ONRAMP_TRANSACTION_TYPE_SEND'
  walletAddress: string
  partnerUserRef: string
  endPartnerName: string
  txHash: string
  failureReason: string
  createdAt: string
  completedAt: string | null
}

/** The Transaction Status API's `OnrampTransaction`. */
export function statusApiTransaction(purchase: OnrampPurchase) {
  const rate = purchase.paymentSubtotalUsd / Number(purchase.purchaseAmount)
  return {
    status: purchase.status,
    purchase_currency: purchase.purchaseCurrency,
    purchase_network: purchase.purchaseNetwork,
    purchase_amount: { value: purchase.purchaseAmount, currency: purchase.purchaseCurrency },
    payment_total: money(purchase.paymentSubtotalUsd + purchase.coinbaseFeeUsd + purchase.networkFeeUsd),
    payment_subtotal: money(purchase.paymentSubtotalUsd),
    coinbase_fee: money(purchase.coinbaseFeeUsd),
    network_fee: money(purchase.networkFeeUsd),
    exchange_rate: money(Number.isFinite(rate) ? rate : 0),
    country: 'US',
    user_id: purchase.partnerUserRef ? `stand-in-${purchase.partnerUserRef}` : 'stand-in-guest',
    payment_method: purchase.paymentMethod,
    tx_hash: purchase.txHash,
    transaction_id: purchase.transactionId,
    wallet_address: purchase.walletAddress,
    type: purchase.type,
    created_at: purchase.createdAt,
    completed_at: purchase.completedAt ?? '',
    partner_user_ref: purchase.partnerUserRef,
    user_type: 'USER_TYPE_GUEST',
    failure_reason: purchase.failureReason,
    end_partner_name: purchase.endPartnerName,
  }
}

const eventTypes: Record<OnrampStatus, string> = {
  ONRAMP_TRANSACTION_STATUS_CREATED: 'onramp.transaction.created',
  ONRAMP_TRANSACTION_STATUS_IN_PROGRESS: 'onramp.transaction.updated',
  ONRAMP_TRANSACTION_STATUS_SUCCESS: 'onramp.transaction.success',
  ONRAMP_TRANSACTION_STATUS_FAILED: 'onramp.transaction.failed',
}

/** The webhook event for the purchase's current status. */
export function webhookEvent(purchase: OnrampPurchase) {
  const total = purchase.paymentSubtotalUsd + purchase.coinbaseFeeUsd + purchase.networkFeeUsd
  return {
    eventType: eventTypes[purchase.status],
    transactionId: purchase.transactionId,
    status: purchase.status,
    purchaseCurrency: purchase.purchaseCurrency,
    purchaseNetwork: purchase.purchaseNetwork,
    purchaseAmount: { currency: purchase.purchaseCurrency, value: purchase.purchaseAmount },
    paymentTotal: money(total),
    paymentTotalUsd: money(total),
    paymentSubtotal: money(purchase.paymentSubtotalUsd),
    coinbaseFee: money(purchase.coinbaseFeeUsd),
    networkFee: money(purchase.networkFeeUsd),
    txHash: purchase.txHash,
    createdAt: purchase.createdAt,
    completedAt: purchase.completedAt ?? '0001-01-01T00:00:00Z',
    country: 'US',
    paymentMethod: purchase.paymentMethod,
    walletAddress: purchase.walletAddress,
    type: purchase.type,
    userType: 'USER_TYPE_GUEST',
    partnerUserRef: purchase.partnerUserRef,
    failureReason: purchase.failureReason || 'FAILURE_REASON_UNSPECIFIED',
    endPartnerName: purchase.endPartnerName,
    errorCode: 'ERROR_CODE_UNSPECIFIED',
  }
}

/** The headers of a CDP webhook delivery of `body`: the event's id (the same on a retry) and `X-Hook0-Signature` over the signed headers and body. */
export function hook0Headers(secret: string, body: string, eventId: string, nowSeconds = Math.floor(Date.now() / 1000)): Record<string, string> {
  const signed = { 'content-type': 'application/json', 'x-hook0-id': eventId }
  const names = Object.keys(signed).join(' ')
  const values = Object.values(signed).join('.')
  const v1 = createHmac('sha256', secret).update(`${nowSeconds}.${names}.${values}.${body}`).digest('hex')
  return { ...signed, 'x-hook0-signature': `t=${nowSeconds},h=${names},v1=${v1}` }
}
