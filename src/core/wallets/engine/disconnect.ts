import { disconnectSolana } from '../solana/standard-features.js'
import type { WalletEngineDeps } from './deps.js'
import { disconnectSession } from './disconnect-session.js'
import { sameAddress } from './same-address.js'

/** Drops every session on the address and tells Solana and WalletConnect wallets, which keep their own connection. */
export async function disconnect(deps: WalletEngineDeps, address: string): Promise<void> {
  const leaving = deps.state.sessions.filter((session) => sameAddress(session.wallet.address, address))
  for (const session of leaving) {
    disconnectSession(deps, session)
    if (session.chain === 'solana') await disconnectSolana(session.solana).catch(() => undefined)
    if (session.wallet.connectorType === 'wallet_connect') await deps.walletConnect.disconnect()
  }
}
