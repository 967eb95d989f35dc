import type { CoinbaseOnRampStatus } from '../../../../src/protocol/funding.js'
import type { CoinbaseOnrampSettings } from '../../apps/types.js'
import { providerUnavailable, requestProvider } from '../provider-request.js'
import { cdpJwt } from './cdp-jwt.js'
import { COINBASE_ONRAMP } from './create-session-token.js'
import { statusOfPurchases } from './purchase-status.js'

/** How many of the reference's purchases one status read looks at (newest first). */
const PAGE_SIZE = 25

/** The purchases made under a partner user reference, from Coinbase's Transaction Status API (`GET {api_url}/v1/buy/user/{ref}/transactions`). */
export async function fetchPurchaseStatus(settings: CoinbaseOnrampSettings, partnerUserRef: string, nowMs: number): Promise<CoinbaseOnRampStatus> {
  const path = `${settings.apiUrl}/v1/buy/user/${encodeURIComponent(partnerUserRef)}/transactions`
  const answer = await requestProvider(COINBASE_ONRAMP, `${path}?pageSize=${PAGE_SIZE}`, {
    headers: { authorization: `Bearer ${await cdpJwt(settings, 'GET', path, nowMs)}`, accept: 'application/json' },
  })
  const transactions = (answer.body as { transactions?: unknown } | null)?.transactions
  if (answer.status !== 200 || !Array.isArray(transactions)) throw providerUnavailable(COINBASE_ONRAMP, answer.status)
  return statusOfPurchases(transactions.map((transaction) => String((transaction as { status?: unknown } | null)?.status ?? '')))
}
