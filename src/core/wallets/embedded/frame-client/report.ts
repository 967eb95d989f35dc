import type { FrameRequestEvent } from '../../../../protocol/index.js'
import type { FrameClientRuntime } from './runtime.js'

/** The frame events the analytics follow, by their event names' middle part. */
const analyticsNames = { rpc: 'rpc', 'set-recovery': 'set_recovery', recover: 'recovery' } as const

/** The analytics events of the wallet spec, "The calls it makes": a signing request's start and failure, and each recovery call's course. */
export function report(
  { options }: FrameClientRuntime,
  event: FrameRequestEvent,
  stage: 'started' | 'completed' | 'failed',
  payload: Record<string, unknown> = {},
): void {
  const name = analyticsNames[event as keyof typeof analyticsNames]
  if (name && !(event === 'rpc' && stage === 'completed')) options.sendAnalyticsEvent(`embedded_wallet_sdk_${name}_${stage}`, payload)
}
