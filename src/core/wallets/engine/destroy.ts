import type { WalletEngineDeps } from './deps.js'
import { removeSessions } from './remove-sessions.js'

/** Stops everything the engine follows: WalletConnect, the config, discovery and the sessions' wallet events. */
export function destroy({ state, walletConnect }: WalletEngineDeps) {
  void walletConnect.disconnect()
  state.generation++
  state.stopWatchingConfig()
  state.discovery?.stop()
  removeSessions(state, () => true)
}
