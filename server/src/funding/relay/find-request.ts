import type { BridgeStatus } from '../../../../src/protocol/funding.js'
import type { BridgeSettings } from '../../apps/types.js'
import { providerUnavailable, requestProvider } from '../provider-request.js'
import { bridgeStatusOf } from './fetch-status.js'
import { RELAY, relayApiUrl, REQUEST_ID_PATTERN } from './relay-network.js'

export interface RelayRequest {
  id: string
  status: BridgeStatus
  testnet: boolean
}

/** The request whose origin deposit is `hash` on one of Relay's hosts (`GET {api}/requests/v3?depositTxHash=`, `x-api-key`). */
async function findOn(bridge: BridgeSettings, testnet: boolean, hash: string): Promise<RelayRequest | null> {
  const answer = await requestProvider(RELAY, `${relayApiUrl(bridge, testnet)}/requests/v3?depositTxHash=${encodeURIComponent(hash)}&limit=1`, {
    headers: { 'x-api-key': bridge.apiKey, accept: 'application/json' },
  })
  const requests = (answer.body as { requests?: unknown } | null)?.requests
  if (answer.status !== 200 || !Array.isArray(requests)) throw providerUnavailable(RELAY, answer.status)
  const [request] = requests as ({ id?: unknown; status?: unknown } | undefined)[]
  return typeof request?.id === 'string' && REQUEST_ID_PATTERN.test(request.id) ? { id: request.id, status: bridgeStatusOf(request.status), testnet } : null
}

/** A status asked by the deposit's hash alone: the request Relay filed it under, on its main host or else its testnets host; null when neither knows it yet. */
export async function findRelayRequestByHash(bridge: BridgeSettings, hash: string): Promise<RelayRequest | null> {
  return (await findOn(bridge, false, hash)) ?? (await findOn(bridge, true, hash))
}
