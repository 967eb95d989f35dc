/**
 * A funding request resolved against the app (funding spec, "Entities and their fields" and "Validation rules"): the chain or cluster, the asset, the amount and
 * the options the landing offers, from the app's `funding_config`, its chains and clusters, and the caller's input.
 * Each rule refuses with the spec's message; nothing here reads the network.
 */
import { decodeBase58 } from '../../protocol/base58.js'
import type { FundingOptionDto } from '../../protocol/funding.js'
import type { Chain } from '../chains/chain.js'
import { coinbaseSupports, moonpayCurrencyOf, onrampNetworkOf, USDC_DECIMALS, usdcAddressOf, usdcMintOf, type OnrampAsset } from '../chains/funding-tables.js'
import { resolveChains, resolveDefaultChain } from '../chains/resolve-chains.js'
import { resolveSolanaClusters } from '../chains/solana-clusters.js'
import type { EffectiveConfig, SolanaCluster } from '../config/types.js'
import {
  coinbaseUnsupportedChainError,
  fundingChainNotListedError,
  fundingNotEnabledError,
  invalidFundingDataError,
  solanaTestnetUsdcError,
} from '../errors/funding-errors.js'
import type { TesseraError } from '../errors/base-error.js'
import { isPositiveAmount } from './amount.js'
import type { FundingPlace } from './balances.js'
import type { CardProvider, FundingAsset, FundingMethod, FundingSession, FundWalletInput, FundWalletUiConfig, SolanaClusterName } from './types.js'

export interface ResolvedFunding {
  address: string
  place: FundingPlace
  /** The asset; for an ERC-20 other than USDC only its address is known until its token info is read. */
  asset: FundingAsset | { kind: 'erc20'; address: string; symbol: null; decimals: null }
  amount: string
  /** The on-ramp network ('base', 'solana'); null for a chain the providers do not know. */
  network: string | null
  offered: FundingSession['options']
  /** Why the first card provider is not offered though the app has it (its chain rule). */
  coinbaseRefusal: TesseraError | null
  /** Cross-chain bridging: the app's setting, unless the session turns it off; testnet destinations bridge from testnets only. */
  bridging: boolean
  testnet: boolean
  defaultMethod: FundingMethod | null
  uiConfig: FundWalletUiConfig
}

const fundingMethods: readonly string[] = ['card', 'exchange', 'wallet', 'manual']
const clusterNames: readonly string[] = ['mainnet-beta', 'devnet', 'testnet']
const isEthereumAddress = (value: unknown): value is string => typeof value === 'string' && /^0x[0-9a-fA-F]{40}$/.test(value)
const isSolanaAddress = (value: unknown): value is string => typeof value === 'string' && decodeBase58(value)?.length === 32

/** The options the landing knows: card by either provider, exchange by the first, wallets (funding spec, "Entities and their fields"). */
function knownOptions(config: EffectiveConfig): FundingOptionDto[] {
  const options = (config.fundingConfig?.options ?? []).filter(
    (option) =>
      (option.method === 'card' && (option.provider === 'coinbase' || option.provider === 'moonpay')) ||
      (option.method === 'exchange' && option.provider === 'coinbase') ||
      option.method === 'wallets',
  )
  if (!options.length) throw fundingNotEnabledError()
  return options
}

/**
 * `topUp`: the session covers a confirmation's shortfall ('Add funds'); when the app recommends more of the same
 * asset on the same chain, the recommendation is offered instead, so the wallet keeps a margin for the next fee (an
 * exact top-up would also leave the send draining the whole balance, which the scan flags).
 */
export function resolveFunding(input: FundWalletInput, config: EffectiveConfig, topUp = false): ResolvedFunding {
  const options = knownOptions(config)
  assertFundingInput(input)
  const recommended = config.fundingConfig!.default_recommended_currency
  const solana = input.chainType === 'solana'
  const place = solana ? solanaPlace(input.cluster?.name, recommended.chain, config) : ethereumPlace(input.chain, recommended.chain, config)
  const recommendedAsset = recommended.chain.startsWith(solana ? 'solana:' : 'eip155:') ? recommended.asset : undefined
  const asset = resolveAsset(place, input.asset ?? recommendedAsset ?? 'native-currency', config)
  const network = place.chainType === 'solana' ? 'solana' : onrampNetworkOf(config, place.chain.id)
  const testnet = place.chainType === 'solana' ? place.cluster.name !== 'mainnet-beta' : place.chain.testnet
  const { offered, coinbaseRefusal } = offeredOptions(options, place, asset, network, input.card?.preferredProvider)
  return {
    address: input.address,
    place,
    asset,
    amount: fundingAmount(input, config, recommendedAmountHere(config, place, asset, recommendedAsset), topUp),
    network,
    offered,
    coinbaseRefusal,
    bridging: config.fundingConfig!.cross_chain_bridging_enabled && input.crossChainBridgingEnabled !== false,
    testnet,
    defaultMethod: input.defaultFundingMethod ?? null,
    uiConfig: input.uiConfig ?? {},
  }
}

/** The app's recommended amount when its recommended currency is this place's asset; else null. */
function recommendedAmountHere(
  config: EffectiveConfig,
  place: FundingPlace,
  asset: ResolvedFunding['asset'],
  recommendedAsset: string | undefined,
): string | null {
  const { chain } = config.fundingConfig!.default_recommended_currency
  const here =
    place.chainType === 'solana'
      ? chain.startsWith('solana:') && clusterNameOf(chain.slice('solana:'.length)) === place.cluster.name
      : chain === `eip155:${place.chain.id}`
  const sameAsset = (recommendedAsset ?? 'native-currency') === (asset.kind === 'native' ? 'native-currency' : asset.kind === 'usdc' ? 'USDC' : null)
  return here && sameAsset ? config.fundingConfig!.default_recommended_amount : null
}

/** The input's amount, else the app's recommendation; a top-up below the recommendation for this asset is raised to it. */
function fundingAmount(input: FundWalletInput, config: EffectiveConfig, floor: string | null, topUp: boolean): string {
  if (input.amount === undefined) return config.fundingConfig!.default_recommended_amount
  return topUp && floor !== null && Number(floor) > Number(input.amount) ? floor : input.amount
}

/** Funding spec, "Validation rules": 'Funding data must match the chain type': Ethereum input names a chain, Solana input a cluster. */
function assertFundingInput(input: FundWalletInput): void {
  const raw = input as unknown as Record<string, unknown>
  const solana = raw.chainType === 'solana'
  if (raw.chainType !== undefined && raw.chainType !== 'ethereum' && !solana) throw invalidFundingDataError(`Unknown chain type ${String(raw.chainType)}`)
  if (!(solana ? isSolanaAddress(raw.address) : isEthereumAddress(raw.address)))
    throw invalidFundingDataError(`${String(raw.address)} is not a ${solana ? 'Solana' : 'Ethereum'} address`)
  if (solana ? 'chain' in raw : 'cluster' in raw)
    throw invalidFundingDataError(solana ? 'A Solana wallet is funded on a cluster, not a chain' : 'An Ethereum wallet is funded on a chain, not a cluster')
  const asset = raw.asset
  const erc20 = typeof asset === 'object' && asset !== null && isEthereumAddress((asset as { erc20?: unknown }).erc20)
  if (asset !== undefined && asset !== 'native-currency' && asset !== 'USDC' && !(erc20 && !solana))
    throw invalidFundingDataError(`Unknown asset ${JSON.stringify(asset)}`)
  if (raw.amount !== undefined && (typeof raw.amount !== 'string' || !isPositiveAmount(raw.amount)))
    throw invalidFundingDataError('The amount must be a number above 0')
  if (raw.crossChainBridgingEnabled !== undefined && typeof raw.crossChainBridgingEnabled !== 'boolean')
    throw invalidFundingDataError('crossChainBridgingEnabled must be a boolean')
  if (raw.defaultFundingMethod !== undefined && !fundingMethods.includes(raw.defaultFundingMethod as string))
    throw invalidFundingDataError(`Unknown funding method ${String(raw.defaultFundingMethod)}`)
  const cluster = (raw.cluster as { name?: unknown } | undefined)?.name
  if (solana && raw.cluster !== undefined && !clusterNames.includes(cluster as string)) throw invalidFundingDataError(`Unknown cluster ${String(cluster)}`)
}

/** The input's chain, else the recommended currency's, else the embedded wallets' default chain; it must be the app's. */
function ethereumPlace(requested: number | { id: number } | undefined, recommended: string, config: EffectiveConfig): FundingPlace {
  const chains = resolveChains(config)
  const recommendedId = recommended.startsWith('eip155:') ? Number(recommended.slice('eip155:'.length)) : null
  const id = requested === undefined ? (recommendedId ?? resolveDefaultChain(config, chains).id) : typeof requested === 'number' ? requested : requested.id
  const chain = chains.find((candidate) => candidate.id === id)
  if (!chain) throw fundingChainNotListedError(id)
  return { chainType: 'ethereum', chain }
}

/** The input's cluster, else the recommended currency's, else 'mainnet-beta' (funding spec, "Business constants and limits"). */
function solanaPlace(requested: SolanaClusterName | undefined, recommended: string, config: EffectiveConfig): FundingPlace {
  const recommendedName = recommended.startsWith('solana:') ? clusterNameOf(recommended.slice('solana:'.length)) : null
  const name = requested ?? recommendedName ?? 'mainnet-beta'
  const cluster = resolveSolanaClusters(config.solanaClusters).find((candidate) => candidate.name === name) as SolanaCluster
  return { chainType: 'solana', cluster }
}

/** A cluster name, or a CAIP-2 reference naming one (its genesis hash prefix reads as mainnet unless it says otherwise). */
const clusterNameOf = (reference: string): SolanaClusterName =>
  clusterNames.includes(reference)
    ? (reference as SolanaClusterName)
    : reference.includes('devnet')
      ? 'devnet'
      : reference.includes('testnet')
        ? 'testnet'
        : 'mainnet-beta'

function resolveAsset(place: FundingPlace, asked: 'native-currency' | 'USDC' | { erc20: string }, config: EffectiveConfig): ResolvedFunding['asset'] {
  if (place.chainType === 'solana') {
    if (asked === 'native-currency') return { kind: 'native', symbol: 'SOL', decimals: 9, address: null }
    if (place.cluster.name === 'testnet') throw solanaTestnetUsdcError()
    return { kind: 'usdc', symbol: 'USDC', decimals: USDC_DECIMALS, address: usdcMintOf(place.cluster) }
  }
  const { chain } = place
  if (asked === 'native-currency') return nativeAsset(chain)
  const usdc = usdcAddressOf(config, chain.id)
  if (asked === 'USDC' || asked.erc20.toLowerCase() === usdc?.toLowerCase()) return { kind: 'usdc', symbol: 'USDC', decimals: USDC_DECIMALS, address: usdc }
  return { kind: 'erc20', address: asked.erc20, symbol: null, decimals: null }
}

export const nativeAsset = (chain: Chain): FundingAsset => ({
  kind: 'native',
  symbol: chain.nativeCurrency.symbol,
  decimals: chain.nativeCurrency.decimals,
  address: null,
})

/**
 * Funding spec, "Screens and routes", "Validation rules" and "Business constants and limits": card providers the app enables that sell the asset on the network, the preferred one first;
 * the exchange when the first provider sells it; external wallets unless USDC's address is unknown here.
 */
function offeredOptions(
  options: FundingOptionDto[],
  place: FundingPlace,
  asset: ResolvedFunding['asset'],
  network: string | null,
  preferred: CardProvider | undefined,
) {
  const onrampAsset: OnrampAsset | null = asset.kind === 'native' ? 'native-currency' : asset.kind === 'usdc' ? 'USDC' : null
  const has = (method: FundingOptionDto['method'], provider?: string) =>
    options.some((option) => option.method === method && (!provider || option.provider === provider))
  const coinbase = onrampAsset !== null && coinbaseSupports(network)
  const sells = (provider: CardProvider) => (provider === 'coinbase' ? coinbase : onrampAsset !== null && moonpayCurrencyOf(network, onrampAsset) !== null)
  const card = options.flatMap((option) => (option.method === 'card' && sells(option.provider) ? [option.provider] : []))
  card.sort((a, b) => Number(b === preferred) - Number(a === preferred))
  const refused = (has('card', 'coinbase') || has('exchange')) && !coinbase && place.chainType === 'ethereum'
  return {
    offered: { card: [...new Set(card)], exchange: has('exchange') && coinbase, wallet: has('wallets') && !(asset.kind === 'usdc' && !asset.address) },
    coinbaseRefusal: refused ? coinbaseUnsupportedChainError(place.chain.id) : null,
  }
}
