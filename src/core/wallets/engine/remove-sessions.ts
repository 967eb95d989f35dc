import type { WalletSession } from '../wallet-session.js'
import type { WalletEngineState } from './state.js'

/** Stops following the matching sessions and drops them. */
export function removeSessions(state: WalletEngineState, match: (session: WalletSession) => boolean) {
  for (let index = state.sessions.length - 1; index >= 0; index--) {
    const session = state.sessions[index]!
    if (!match(session)) continue
    session.stop()
    state.sessions.splice(index, 1)
  }
}
