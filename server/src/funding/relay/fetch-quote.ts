import { z } from 'zod'
import type { BridgeQuoteBody } from '../../../../src/protocol/funding.js'
import type { BridgeSettings } from '../../apps/types.js'
import { ApiError } from '../../http/api-error.js'
import { providerMessage, providerUnavailable, requestProvider } from '../provider-request.js'
import { RELAY, relayApiUrl, REQUEST_ID_PATTERN } from './relay-network.js'

/** Relay's keyed quote endpoint (its unkeyed `/quote` and `/quote/v2` are being retired). */
export const RELAY_QUOTE_PATH = '/quote/v3'

/** The part of Relay's quote the client reads; everything else passes through as Relay sent it. */
const requestId = z.string().regex(REQUEST_ID_PATTERN)
const relayQuote = z.looseObject({
  requestId: requestId.optional(),
  steps: z.array(
    z.looseObject({
      id: z.string(),
      kind: z.string(),
      requestId: requestId.optional(),
      items: z.array(z.looseObject({ status: z.string().optional(), data: z.record(z.string(), z.unknown()) })),
    }),
  ),
})
/** Relay's quote as the route answers it (`BridgeQuoteResponse`): `message` set on a tolerated refusal. */
export type RelayQuote = z.output<typeof relayQuote> & { message?: string }

/**
 * A quote from Relay (`POST {api}/quote/v3`, `x-api-key`) with the refund address set to the paying wallet (Relay
 * refunds nothing without one). Relay's 'Invalid address...' refusal is answered as the quote (funding spec, "Validation rules"); its
 * other refusals are 400 with its message; an unreachable or failing Relay, or one refusing our key, is 503.
 */
export async function fetchRelayQuote(bridge: BridgeSettings, testnet: boolean, body: Required<BridgeQuoteBody>): Promise<RelayQuote> {
  const answer = await requestProvider(RELAY, `${relayApiUrl(bridge, testnet)}${RELAY_QUOTE_PATH}`, {
    method: 'POST',
    headers: { 'x-api-key': bridge.apiKey, 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ ...body, refundTo: body.user }),
  })
  const message = providerMessage(answer.body)
  if (answer.status >= 400 && answer.status < 500 && message.startsWith('Invalid address')) return { ...(answer.body as object), message, steps: [] }
  if (answer.status === 400 || answer.status === 422)
    throw new ApiError(400, 'invalid_data', `The bridge could not quote this transfer: ${message || 'invalid request'}`)
  const quote = relayQuote.safeParse(answer.body)
  if (answer.status !== 200 || !quote.success) throw providerUnavailable(RELAY, answer.status)
  // Newer answers name the request once at the top; the client reads it on the steps.
  const { requestId } = quote.data
  return { ...quote.data, steps: quote.data.steps.map((step) => ({ ...step, requestId: step.requestId ?? requestId })) }
}

/** The request the quote's steps name (the status route's `request_id`). */
export const quoteRequestId = (quote: RelayQuote) => quote.steps.find((step) => step.requestId)?.requestId ?? quote.requestId
