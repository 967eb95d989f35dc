import type { WalletFlowState } from '../types.js'
import type { WalletEngineDeps } from './deps.js'

/** Changes the flow only if reset() has not come since the attempt `started`. */
export function updateFlow({ options, state }: WalletEngineDeps, started: number, change: Partial<WalletFlowState>) {
  if (started === state.generation) options.flow.update((current) => ({ ...current, ...change }))
}
