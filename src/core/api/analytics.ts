import { analyticsEventsRoute } from '../../protocol/index.js'
import type { Transport } from './transport.js'

/** Fire-and-forget: never retried, failures swallowed (sign-in spec, "The calls it makes"). */
export async function sendAnalyticsEvent(
  transport: Transport,
  eventName: string,
  clientId: string | null,
  payload: Record<string, unknown> = {},
): Promise<void> {
  try {
    await transport.request(analyticsEventsRoute, { body: { event_name: eventName, client_id: clientId, payload }, retry: false })
  } catch {
    // Analytics must never break sign-in.
  }
}
