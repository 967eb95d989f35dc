import type { SolanaFrameRequest } from '../../../../protocol/index.js'
import { resolveSolanaClusters } from '../../../chains/solana-clusters.js'
import { cachedProvider, type EmbeddedWalletsContext } from '../state.js'
import type { EmbeddedSolanaProvider, EmbeddedWallet } from '../types.js'
import { isServerManaged } from '../wallets-of-user.js'
import { ensureConnected } from './ensure-connected.js'
import { callFrame } from './frame-call.js'
import { findWallet, signingTarget } from './wallet-lookup.js'
import { withWallet } from './with-wallet.js'

/** The wallet's (or the first Solana wallet's) provider, one per address; @solana/web3.js loads with the first. */
export function getSolanaProvider(context: EmbeddedWalletsContext, address?: string): Promise<EmbeddedSolanaProvider> {
  const wallet = findWallet(context, 'solana', address)
  return cachedProvider(context.runtime.solanaProviders, wallet.address, () => loadSolanaProvider(context, wallet))
}

function loadSolanaProvider(context: EmbeddedWalletsContext, wallet: EmbeddedWallet): Promise<EmbeddedSolanaProvider> {
  const { deps } = context
  return import('../solana-provider.js').then(({ createEmbeddedSolanaProvider }) =>
    createEmbeddedSolanaProvider({
      address: wallet.address,
      clusters: resolveSolanaClusters(deps.getConfig().solanaClusters),
      // Wallet spec: only server-managed (TEE) wallets are sponsored; the wallet API sends their transactions.
      serverManaged: isServerManaged(wallet),
      sign: (request: SolanaFrameRequest) =>
        withWallet(context, wallet, async () => {
          const { data } = await callFrame(context, 'rpc', { ...signingTarget(wallet), chainType: 'solana', request })
          return (data as { signature: string }).signature
        }),
      confirmations: context.confirmations,
      connect: () => ensureConnected(context, wallet),
      tokenPriceUsd: deps.tokenPriceUsd,
      splTokenInfo: deps.splTokenInfo,
      sends: context.sends,
    }),
  )
}
