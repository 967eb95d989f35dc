/**
 * A connected account with its abilities (document 2 §3 "Connected wallet (client side)": meta, sign, send and
 * disconnect). The abilities find the live session of their wallet and address at each call, so an account that
 * was disconnected or that the wallet switched away from fails with 'Wallet is not currently connected.', and one
 * connected again works again.
 */
import { resolveSolanaClusters } from '../chains/solana-clusters.js'
import type { EffectiveConfig } from '../config/types.js'
import type { ConfirmTiming } from '../transactions/solana/submit-solana-transaction.js'
import { walletNotConnectedError } from './errors.js'
import { ethereumAbilities } from './ethereum/ethereum-abilities.js'
import { appChainTable } from './ethereum/chains.js'
import { solanaAbilities } from './solana/solana-abilities.js'
import type { ConnectedWallet, ConnectedWalletData, WalletChain } from './types.js'
import type { EthereumSession, WalletSession } from './wallet-session.js'

export interface ConnectedWalletContext extends ConfirmTiming {
  timeoutMs: number
  getConfig(): EffectiveConfig
  /** The session connected through this wallet option on this address, if any. */
  findSession(walletClientType: string, address: string): WalletSession | null
  /** The wallet answered that it is on `chainId` now. */
  onChainId(session: EthereumSession, chainId: number): void
  disconnect(address: string): Promise<void>
}

/** The plain fields of a listed account (what the store compares; abilities are rebuilt around them). */
export function walletData(wallet: ConnectedWallet): ConnectedWalletData {
  const { address, chain, chainId, walletClientType, connectorType, linked, meta } = wallet
  return { address, chain, chainId, walletClientType, connectorType, linked, meta }
}

export function connectedWallet(data: ConnectedWalletData, context: ConnectedWalletContext): ConnectedWallet {
  function live<C extends WalletChain>(chain: C): Extract<WalletSession, { chain: C }> {
    const session = context.findSession(data.walletClientType, data.address)
    if (session?.chain !== chain) throw walletNotConnectedError()
    return session as Extract<WalletSession, { chain: C }>
  }
  const disconnect = () => context.disconnect(data.address)
  if (data.chain === 'ethereum') {
    return { ...data, disconnect, ...ethereumAbilities({ live: () => live('ethereum'), timeoutMs: context.timeoutMs, chains: () => appChainTable(context.getConfig()), onChainId: context.onChainId }) }
  }
  return {
    ...data,
    disconnect,
    ...solanaAbilities({
      live: () => live('solana'),
      timeoutMs: context.timeoutMs,
      clusters: () => resolveSolanaClusters(context.getConfig().solanaClusters),
      confirmPollMs: context.confirmPollMs,
      confirmTimeoutMs: context.confirmTimeoutMs,
    }),
  }
}
