/**
 * The app's chains (server `chains`, `solana_clusters`) are read and broadcast through the API server's chain relay,
 * so a page whose `connect-src` names only the API origin can send transactions (docs/decisions.md "Chain RPC
 * through the API server"). A host's own RPC (`supportedChains`, `solanaClusters`) is not touched: it is then the
 * host's to allow. External wallets keep the chain's own RPC (`upstreamRpcUrl`): they cannot call the relay.
 */
import { routePath } from '../../protocol/index.js'
import { evmRelayRoute, solanaRelayRoute } from '../../protocol/routes/chain-relay.js'
import type { EffectiveConfig } from '../config/types.js'

export function relayAppRpcs(config: EffectiveConfig, apiUrl: string): EffectiveConfig {
  const base = apiUrl.replace(/\/+$/, '')
  return {
    ...config,
    appChains: config.appChains.map((chain) =>
      chain.rpcUrl
        ? { ...chain, rpcUrl: base + routePath(evmRelayRoute, { app_id: config.appId, chain_id: String(chain.id) }), upstreamRpcUrl: chain.rpcUrl }
        : chain,
    ),
    solanaClusters: config.solanaClusters.map((cluster) => ({
      ...cluster,
      rpcUrl: base + routePath(solanaRelayRoute, { app_id: config.appId, cluster: cluster.name }),
    })),
  }
}

/** The app's chains with their own RPCs again, for external wallets (`wallet_addEthereumChain`). */
export function withUpstreamRpcs<T extends Pick<EffectiveConfig, 'appChains'>>(config: T): T {
  return { ...config, appChains: config.appChains.map(({ upstreamRpcUrl, ...chain }) => (upstreamRpcUrl ? { ...chain, rpcUrl: upstreamRpcUrl } : chain)) }
}
