import type { WalletFlowState } from '../types.js'
import type { WalletEngineDeps } from './deps.js'
import { fail } from './fail.js'
import { updateFlow } from './update-flow.js'

/** Runs one SIWE or SIWS step in the flow: status first, the error (counted) if it fails. */
export async function inFlow<T>(
  deps: WalletEngineDeps,
  status: WalletFlowState['status'],
  change: Partial<WalletFlowState>,
  run: (started: number) => Promise<T>,
): Promise<T> {
  const started = deps.state.generation
  updateFlow(deps, started, { status, error: null, pendingRequest: false, ...change })
  try {
    return await run(started)
  } catch (error) {
    return fail(deps, started, error, true)
  }
}
