import type { EthereumFrameRequest } from '../../../../protocol/index.js'
import { resolveChains, resolveDefaultChain } from '../../../chains/resolve-chains.js'
import type { EmbeddedEthereumProviderImpl } from '../ethereum-provider.js'
import { cachedProvider, type EmbeddedWalletsContext } from '../state.js'
import type { EmbeddedWallet } from '../types.js'
import { ensureConnected } from './ensure-connected.js'
import { signWithEthereumWallet } from './sign-with-ethereum-wallet.js'
import { findWallet } from './wallet-lookup.js'

/** The wallet's (or the first Ethereum wallet's) provider, one per address; viem loads with the first. */
export function getEthereumProvider(context: EmbeddedWalletsContext, address?: string): Promise<EmbeddedEthereumProviderImpl> {
  const wallet = findWallet(context, 'ethereum', address)
  return cachedProvider(context.runtime.ethereumProviders, wallet.address, () => loadEthereumProvider(context, wallet))
}

async function loadEthereumProvider(context: EmbeddedWalletsContext, wallet: EmbeddedWallet): Promise<EmbeddedEthereumProviderImpl> {
  const { deps } = context
  const config = deps.getConfig()
  const chains = resolveChains(config)
  const { createEmbeddedEthereumProvider } = await import('../ethereum-provider.js')
  return createEmbeddedEthereumProvider({
    address: wallet.address,
    chains,
    defaultChain: resolveDefaultChain(config, chains),
    storage: deps.storage,
    storageKey: `tessera:${deps.appId}:embedded_wallet_chain_id`,
    fetch: deps.fetch,
    sign: (request: EthereumFrameRequest) => signWithEthereumWallet(context, wallet, request),
    confirmations: context.confirmations,
    connect: () => ensureConnected(context, wallet),
    scan: () => (deps.getConfig().embeddedWallets.transactionScanning?.enabled === false ? undefined : deps.scanTransaction),
    tokenPriceUsd: deps.tokenPriceUsd,
    receiptPollMs: deps.receiptPollMs,
    sends: context.sends,
  })
}
