import { sendAnalyticsEvent } from '../api/analytics.js'
import type { ClientRuntime } from './runtime.js'

/** An analytics event under this device's analytics id (fire-and-forget: sendAnalyticsEvent swallows failures). */
export const report = ({ session, transport }: ClientRuntime, eventName: string, payload?: Record<string, unknown>): Promise<void> =>
  session.getAnalyticsId().then((id) => sendAnalyticsEvent(transport, eventName, id, payload))
