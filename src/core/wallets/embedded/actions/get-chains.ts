import { resolveChains, resolveDefaultChain } from '../../../chains/resolve-chains.js'
import type { EmbeddedWalletsContext } from '../state.js'

/** The app's chains; resolving the default chain too makes a misconfigured default fail here. */
export async function getChains({ deps }: EmbeddedWalletsContext) {
  const config = deps.getConfig()
  const chains = resolveChains(config)
  resolveDefaultChain(config, chains)
  return chains
}
