/**
 * The code behind a connected account's abilities, loaded on the first call of one: the live session of the
 * account (or 'Wallet is not currently connected.'), the app's chains and clusters as the config has them now, and
 * the chain's abilities over them.
 */
import { resolveSolanaClusters } from '../chains/solana-clusters.js'
import type { ConnectedWalletContext } from './connected-wallet-context.js'
import { walletNotConnectedError } from './errors.js'
import { appChainTable } from './ethereum/chains.js'
import { ethereumAbilities } from './ethereum/ethereum-abilities.js'
import { solanaAbilities } from './solana/solana-abilities.js'
import type { ConnectedWalletData, WalletChain } from './types.js'
import type { WalletSession } from './wallet-session.js'

export function walletAbilities(data: ConnectedWalletData, context: ConnectedWalletContext) {
  function live<C extends WalletChain>(chain: C): Extract<WalletSession, { chain: C }> {
    const session = context.findSession(data.walletClientType, data.address)
    if (session?.chain !== chain) throw walletNotConnectedError()
    return session as Extract<WalletSession, { chain: C }>
  }
  const { timeoutMs, getConfig } = context
  return data.chain === 'ethereum'
    ? ethereumAbilities({ live: () => live('ethereum'), timeoutMs, chains: () => appChainTable(getConfig()), onChainId: context.onChainId })
    : solanaAbilities({ live: () => live('solana'), timeoutMs, clusters: () => resolveSolanaClusters(getConfig().solanaClusters) })
}
