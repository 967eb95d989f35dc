/** What a connected account's abilities reach the engine through, apart from connected-wallet.ts so the abilities it loads can name it. */
import type { EffectiveConfig } from '../config/types.js'
import type { EthereumSession, WalletSession } from './wallet-session.js'

export interface ConnectedWalletContext {
  timeoutMs: number
  getConfig(): EffectiveConfig
  /** The session connected through this wallet option on this address, if any. */
  findSession(walletClientType: string, address: string): WalletSession | null
  /** The wallet answered that it is on `chainId` now. */
  onChainId(session: EthereumSession, chainId: number): void
  disconnect(address: string): Promise<void>
}
