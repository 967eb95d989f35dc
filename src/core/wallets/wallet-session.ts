/** A connected account and the wallet object that signs for it: the engine keeps one per connected wallet. */
import type { StandardWallet, StandardWalletAccount } from './discovery/wallet-standard.js'
import type { Eip1193Provider } from './ethereum/eip1193.js'
import type { ConnectedEthereumWallet, ConnectedSolanaWallet } from './types.js'

interface SessionTimes {
  connectedAt: number
  /** Stops following the wallet's events. */
  stop: () => void
}

export type EthereumSession = SessionTimes & { chain: 'ethereum'; wallet: ConnectedEthereumWallet; provider: Eip1193Provider }

export type SolanaSession = SessionTimes & { chain: 'solana'; wallet: ConnectedSolanaWallet; solana: StandardWallet; account: StandardWalletAccount }

export type WalletSession = EthereumSession | SolanaSession
