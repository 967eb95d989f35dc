import { walletData } from '../connected-wallet.js'
import type { WalletEngineDeps } from './deps.js'

/** Publishes the sessions' wallets, only when their data changed, and saves the connections to remember. */
export function publishConnected({ options, state, remembered }: WalletEngineDeps) {
  const next = state.sessions.map((session) => session.wallet)
  if (JSON.stringify(next.map(walletData)) !== JSON.stringify(options.connected.get().map(walletData))) options.connected.set(next)
  state.stored = [
    ...state.sessions.map(({ wallet, connectedAt }) => ({
      address: wallet.address,
      chain: wallet.chain,
      connectorType: wallet.connectorType,
      walletClientType: wallet.walletClientType,
      connectedAt,
    })),
    // Remembered connections whose wallet has not shown up yet stay remembered.
    ...state.stored.filter((entry) => !state.sessions.some(({ wallet }) => wallet.walletClientType === entry.walletClientType)),
  ]
  void remembered.save(state.stored)
}
