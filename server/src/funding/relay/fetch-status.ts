import { bridgeStatuses, type BridgeStatus } from '../../../../src/protocol/funding.js'
import type { BridgeSettings } from '../../apps/types.js'
import { providerUnavailable, requestProvider } from '../provider-request.js'
import { RELAY, relayApiUrl } from './relay-network.js'

/** Relay statuses that are still on their way (depositing, submitted...) read as `pending`, as do unknown ones. */
export function bridgeStatusOf(relayStatus: unknown): BridgeStatus {
  return bridgeStatuses.find((status) => status === relayStatus) ?? 'pending'
}

/** A request's status from Relay (`GET {api}/intents/status/v3?requestId=`, `x-api-key`); a request Relay has not seen yet is pending. */
export async function fetchRelayStatus(bridge: BridgeSettings, testnet: boolean, requestId: string): Promise<BridgeStatus> {
  const answer = await requestProvider(RELAY, `${relayApiUrl(bridge, testnet)}/intents/status/v3?requestId=${encodeURIComponent(requestId)}`, {
    headers: { 'x-api-key': bridge.apiKey, accept: 'application/json' },
  })
  if (answer.status === 404) return 'pending'
  if (answer.status !== 200) throw providerUnavailable(RELAY, answer.status)
  return bridgeStatusOf((answer.body as { status?: unknown } | null)?.status)
}
