/** What `wallet_addEthereumChain` needs for the chains a wallet may not know yet (EIP-3085), from the one chain table. */
import { builtInChains, otherKnownChains } from '../../chains/built-in-chains.js'
import type { Chain } from '../../chains/chain.js'
import { withUpstreamRpcs } from '../../chains/relay-app-rpcs.js'
import { resolveChains } from '../../chains/resolve-chains.js'
import type { EffectiveConfig } from '../../config/types.js'
import type { AddEthereumChainParameter } from '../types.js'

/** The app's chains (its own, e.g. local ones, over the built-ins) with their own RPCs: where an external wallet is told how to add a chain. */
export function appChainTable(config: Pick<EffectiveConfig, 'appChains' | 'supportedChains'>): Chain[] {
  try {
    return resolveChains(withUpstreamRpcs(config))
  } catch {
    // A chain list the embedded wallets refuse (empty, a chain without RPC) still leaves the built-in table.
    return []
  }
}

/** The chain from `chains` (the app's table) first, then the built-in and other known chains. */
export function addChainParameter(chainId: number, chains: readonly Chain[] = []): AddEthereumChainParameter | null {
  const chain = [...chains, ...builtInChains, ...otherKnownChains].find((candidate) => candidate.id === chainId)
  if (!chain) return null
  return {
    chainId: `0x${chain.id.toString(16)}`,
    chainName: chain.name,
    nativeCurrency: chain.nativeCurrency,
    rpcUrls: [chain.rpcUrl],
    ...(chain.blockExplorerUrl && { blockExplorerUrls: [chain.blockExplorerUrl] }),
  }
}
