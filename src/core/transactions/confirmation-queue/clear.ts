import { confirmations, setConfirmations, userRejectedRequestError, type QueueRuntime } from './runtime.js'

/** Rejects and removes every confirmation (logout, destroy). */
export function clearQueue(runtime: QueueRuntime): void {
  for (const reject of runtime.pending.values()) reject(userRejectedRequestError())
  runtime.pending.clear()
  runtime.batch = []
  if (confirmations(runtime).length) setConfirmations(runtime, () => [])
}
