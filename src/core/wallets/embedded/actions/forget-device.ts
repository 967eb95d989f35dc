import { unableToRecoverError } from '../../../errors/embedded-wallet-errors.js'
import type { EmbeddedWalletsContext } from '../state.js'

/** Another user (or none): this device's connections, waiting share sets, providers and confirmations end. */
export function forgetDevice({ runtime, confirmations }: EmbeddedWalletsContext): void {
  for (const waiter of runtime.passwordWaiters.values()) waiter.settle(unableToRecoverError())
  runtime.connections = new Map()
  runtime.passwordWaiters = new Map()
  runtime.ethereumProviders.clear()
  runtime.solanaProviders.clear()
  confirmations.clear()
}
