import type { AppRecord } from '../apps/types.js'

export interface ScanChain {
  id: number
  rpcUrl: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
}

/** Chains configured only by `wallet_rpc_urls` carry no currency: EVM chains mostly use ether. */
const DEFAULT_NATIVE_CURRENCY = { name: 'Ether', symbol: 'ETH', decimals: 18 }

/** The app's RPC for `chainId`: its `chains` entry, else its `wallet_rpc_urls`; null when it has none. */
export function scanChainOf(app: AppRecord, chainId: number): ScanChain | null {
  const chain = app.chains.find((candidate) => candidate.id === chainId)
  if (chain) return { id: chainId, rpcUrl: chain.rpcUrl, nativeCurrency: chain.nativeCurrency }
  const rpcUrl = app.walletRpcUrls[String(chainId)]
  return rpcUrl ? { id: chainId, rpcUrl, nativeCurrency: DEFAULT_NATIVE_CURRENCY } : null
}
