import type { CoinbaseOnRampStatus } from '../../../../src/protocol/funding.js'

/** Coinbase's transaction statuses (Transaction Status API and webhooks): CREATED and IN_PROGRESS are still pending. */
const SUCCESS = 'ONRAMP_TRANSACTION_STATUS_SUCCESS'
const FAILED = 'ONRAMP_TRANSACTION_STATUS_FAILED'

export function purchaseStatusOf(coinbaseStatus: string): CoinbaseOnRampStatus {
  if (coinbaseStatus === SUCCESS) return 'success'
  if (coinbaseStatus === FAILED) return 'failure'
  return 'pending'
}

export const isTerminalPurchaseStatus = (status: string) => status !== 'pending'

/**
 * Where the purchases under one partner user id stand (newest first): any success funded the wallet; otherwise the
 * newest decides (a failure after which the user has not tried again is a failure).
 */
export function statusOfPurchases(coinbaseStatuses: string[]): CoinbaseOnRampStatus {
  const statuses = coinbaseStatuses.map(purchaseStatusOf)
  if (statuses.includes('success')) return 'success'
  return statuses[0] ?? 'pending'
}
