import type { WalletSession } from '../wallet-session.js'
import type { WalletEngineDeps } from './deps.js'
import { publishConnected } from './publish-connected.js'
import { removeSessions } from './remove-sessions.js'

/** Drops a session and forgets its wallet's remembered connection. */
export function disconnectSession(deps: WalletEngineDeps, session: WalletSession) {
  removeSessions(deps.state, (candidate) => candidate === session)
  deps.state.stored = deps.state.stored.filter((entry) => entry.walletClientType !== session.wallet.walletClientType)
  publishConnected(deps)
}
