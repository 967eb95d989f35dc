import { initialWalletFlowState } from '../flow-state.js'
import type { WalletEngineDeps } from './deps.js'

/** Back to the initial flow; attempts still under way no longer report to it. */
export function reset({ options, state, walletConnect }: WalletEngineDeps) {
  // Closing the modal closes the QR: the pairing rejects (its settling no longer reaches the flow).
  walletConnect.cancel()
  state.generation++
  options.flow.set(initialWalletFlowState)
}
