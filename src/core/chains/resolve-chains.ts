/**
 * The chains embedded Ethereum wallets support (sign-in spec, "Entities and their fields"): the host's `supportedChains`, else the built-in 26
 * and the app's chains. Each chain's RPC comes from the host override, then the app config, then the public default.
 */
import type { ChainInput, EffectiveConfig } from '../config/types.js'
import { invalidConfigError } from '../errors/client-errors.js'
import { noRpcUrlError } from '../errors/embedded-wallet-errors.js'
import { unsupportedChainError } from '../wallets/errors.js'
import { builtInChains } from './built-in-chains.js'
import type { Chain } from './chain.js'

export function resolveChains(config: Pick<EffectiveConfig, 'appChains' | 'supportedChains'>): Chain[] {
  // Sign-in spec, "Validation rules": an empty host list is a configuration error, not "every chain".
  if (config.supportedChains?.length === 0) throw invalidConfigError('supportedChains must not be empty')
  const wanted = config.supportedChains ?? [...builtInChains, ...config.appChains.filter((chain) => !builtInChains.some((builtIn) => builtIn.id === chain.id))]
  return wanted.map((entry) => {
    const builtIn = builtInChains.find((chain) => chain.id === entry.id)
    const app = config.appChains.find((chain) => chain.id === entry.id)
    // The host's fields over the app's over the built-in's: the same order as the RPC URL.
    const layers: ChainInput[] = [builtIn ?? { id: entry.id }, app ?? { id: entry.id }, config.supportedChains ? entry : { id: entry.id }]
    const merged = Object.assign({}, ...layers.map(definedFields)) as ChainInput
    const name = merged.name ?? `Chain ${entry.id}`
    if (!merged.rpcUrl) throw noRpcUrlError(name)
    return {
      id: entry.id,
      name,
      network: merged.network ?? name.toLowerCase().replace(/\s+/g, '-'),
      nativeCurrency: merged.nativeCurrency ?? { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrl: merged.rpcUrl,
      blockExplorerUrl: merged.blockExplorerUrl ?? null,
      testnet: merged.testnet ?? false,
    }
  })
}

/** The host's default chain, else the app's, else Ethereum (or the host's first chain when Ethereum is not among them). */
export function resolveDefaultChain(config: Pick<EffectiveConfig, 'defaultChain' | 'supportedChains'>, chains: Chain[]): Chain {
  const id = config.defaultChain ?? (config.supportedChains ? chains[0]?.id : 1) ?? 1
  const chain = chains.find((candidate) => candidate.id === id)
  if (!chain) throw unsupportedChainError(id)
  return chain
}

function definedFields(input: ChainInput): Partial<ChainInput> {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined))
}
