/**
 * The funding routes (funding spec, "The calls it makes", src/protocol/funding.ts): the card providers' sessions and signed URLs, and the
 * bridge's quote and status through the server. Each needs the owner's session. The second provider's status is read
 * from the URL its sign answer names, with a plain `fetch` (moonpay-status.ts).
 */
import {
  fundingRoutes,
  type BridgeQuoteBody,
  type BridgeQuoteResponse,
  type BridgeStatusResponse,
  type CoinbaseOnRampInitBody,
  type CoinbaseOnRampInitResponse,
  type CoinbaseOnRampStatusResponse,
  type MoonpayOnRampSignBody,
  type MoonpayOnRampSignResponse,
} from '../../protocol/funding.js'
import type { Transport } from './transport.js'

export function initCoinbaseOnRamp(transport: Transport, body: CoinbaseOnRampInitBody): Promise<CoinbaseOnRampInitResponse> {
  return transport.request(fundingRoutes.coinbaseOnRampInit, { body, auth: true })
}

export function getCoinbaseOnRampStatus(transport: Transport, partnerUserId: string): Promise<CoinbaseOnRampStatusResponse> {
  return transport.request(fundingRoutes.coinbaseOnRampStatus, { query: { partnerUserId }, auth: true })
}

export function signMoonpayOnRampUrl(transport: Transport, body: MoonpayOnRampSignBody): Promise<MoonpayOnRampSignResponse> {
  return transport.request(fundingRoutes.moonpayOnRampSign, { body, auth: true })
}

export function getBridgeQuote(transport: Transport, body: BridgeQuoteBody): Promise<BridgeQuoteResponse> {
  return transport.request(fundingRoutes.bridgeQuote, { body, auth: true })
}

/** By the quote's request id and the origin transaction's hash (or signature). */
export function getBridgeStatus(transport: Transport, query: { requestId: string | null; hash: string }): Promise<BridgeStatusResponse> {
  return transport.request(fundingRoutes.bridgeStatus, { query: { ...(query.requestId && { request_id: query.requestId }), hash: query.hash }, auth: true })
}
