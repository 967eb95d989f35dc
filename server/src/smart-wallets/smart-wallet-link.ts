import { ApiError, invalidData } from '../http/api-error.js'
import type { AppRecord } from '../apps/types.js'
import type { SiweSignerChains } from '../auth/siwe/verify-siwe.js'

/** `link_smart_wallet` proves the app's own kind of smart wallet: none configured, or another type, is refused. */
export function assertAppSmartWalletType(app: AppRecord, type: string): void {
  if (!app.smartWallets) throw new ApiError(400, 'feature_not_enabled', 'Smart wallets are not enabled for this app')
  if (app.smartWallets.type !== type) throw invalidData(`This app's smart wallets are of type ${app.smartWallets.type}`)
}

/** The RPC a smart wallet's ERC-1271 / ERC-6492 signature is checked on: its network's, else the app's chain settings, else the wallet RPC URLs. */
export function smartWalletRpcUrl(app: AppRecord, chainId: number): string | undefined {
  const network = app.smartWallets?.networks.find((candidate) => candidate.chainId === chainId)
  return network?.rpcUrl ?? app.chains.find((chain) => chain.id === chainId)?.rpcUrl ?? app.walletRpcUrls[String(chainId)]
}

/** A smart wallet's SIWE message names one of the app's smart-wallet chains and is checked on that chain's RPC. */
export const smartWalletSignerChains: SiweSignerChains = {
  chainIds: (_ctx, app) => app.smartWallets?.networks.map((network) => network.chainId) ?? [],
  rpcUrl: smartWalletRpcUrl,
}
