import type { CoinbaseOnrampSettings } from '../../apps/types.js'
import { ApiError } from '../../http/api-error.js'
import { providerMessage, providerUnavailable, requestProvider } from '../provider-request.js'
import { cdpJwt } from './cdp-jwt.js'

export const COINBASE_ONRAMP = 'Coinbase Onramp'

export interface SessionTokenRequest {
  addresses: { address: string; blockchains: string[] }[]
  assets?: string[]
  /** The end user's IP (Coinbase ties the single-use token to it). */
  clientIp: string
}

/**
 * Coinbase's single-use, five-minute session token (`POST {api_url}/v1/token`, CDP JWT). A request Coinbase refuses
 * (400) is the caller's: 400 with Coinbase's reason; anything else that fails is 503.
 */
export async function createSessionToken(
  settings: CoinbaseOnrampSettings,
  request: SessionTokenRequest,
  nowMs: number,
): Promise<{ token: string; channelId: string }> {
  const url = `${settings.apiUrl}/v1/token`
  const answer = await requestProvider(COINBASE_ONRAMP, url, {
    method: 'POST',
    headers: { authorization: `Bearer ${await cdpJwt(settings, 'POST', url, nowMs)}`, 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(request),
  })
  if (answer.status === 400)
    throw new ApiError(400, 'invalid_data', `Coinbase Onramp refused the session: ${providerMessage(answer.body) || 'invalid request'}`)
  const body = answer.body as { token?: unknown; channel_id?: unknown } | null
  if (answer.status < 200 || answer.status > 299 || typeof body?.token !== 'string') throw providerUnavailable(COINBASE_ONRAMP, answer.status)
  return { token: body.token, channelId: typeof body.channel_id === 'string' ? body.channel_id : '' }
}

/** The hosted purchase page the client builds its URL on: Coinbase's sandbox page at the host's root. */
export const hostedPageUrl = (settings: CoinbaseOnrampSettings) => (settings.sandbox ? `${settings.payUrl}/` : `${settings.payUrl}/buy/select-asset`)
