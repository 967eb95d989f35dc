import { toWalletError } from '../errors.js'
import type { WalletEngineDeps } from './deps.js'
import { updateFlow } from './update-flow.js'

/** Reports a failed step to the flow (counted) and throws it as a wallet error; a failed connection also disconnects. */
export function fail(deps: WalletEngineDeps, started: number, caught: unknown, signing = false): never {
  const error = toWalletError(caught, signing)
  updateFlow(deps, started, {
    status: 'error',
    error,
    pendingRequest: false,
    retries: deps.options.flow.get().retries + 1,
    ...(signing ? {} : { connection: 'disconnected' as const }),
  })
  throw error
}
