/** What `wallet_addEthereumChain` needs for the chains a wallet may not know yet (EIP-3085), from the one chain table. */
import { builtInChains, otherKnownChains } from '../../chains/built-in-chains.js'

export interface AddEthereumChainParameter {
  chainId: string
  chainName: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  rpcUrls: string[]
  blockExplorerUrls?: string[]
}

export function addChainParameter(chainId: number): AddEthereumChainParameter | null {
  const chain = builtInChains.find((candidate) => candidate.id === chainId) ?? otherKnownChains.find((candidate) => candidate.id === chainId)
  if (!chain) return null
  return {
    chainId: `0x${chain.id.toString(16)}`,
    chainName: chain.name,
    nativeCurrency: chain.nativeCurrency,
    rpcUrls: [chain.rpcUrl],
    ...(chain.blockExplorerUrl && { blockExplorerUrls: [chain.blockExplorerUrl] }),
  }
}
