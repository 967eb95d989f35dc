import type { WalletSession } from '../wallet-session.js'
import type { WalletEngineDeps } from './deps.js'
import { publishConnected } from './publish-connected.js'
import { removeSessions } from './remove-sessions.js'

/** A new session replaces the one of the same wallet, and comes first. */
export function addSession(deps: WalletEngineDeps, session: WalletSession) {
  removeSessions(deps.state, ({ wallet }) => wallet.walletClientType === session.wallet.walletClientType)
  deps.state.sessions.unshift(session)
  publishConnected(deps)
}
