/**
 * Funding tables (funding spec, "Business constants and limits"): the on-ramp network of the built-in chains, the known USDC contracts per chain and
 * the Solana USDC mint per cluster, and which card provider sells which asset where. A chain or cluster outside the
 * tables names its own in the app config (`onramp_network`, `usdc_address`, `usdc_mint`): that is how a local chain
 * plays 'base' for the stand-ins.
 */
import type { EffectiveConfig, SolanaCluster } from '../config/types.js'

/** The networks on-ramps deliver on, by EIP-155 id. */
const builtInOnrampNetworks: Readonly<Record<number, string>> = {
  1: 'ethereum',
  8453: 'base',
  10: 'optimism',
  137: 'polygon',
  42161: 'arbitrum',
  43114: 'avalanche',
  42220: 'celo',
}

/** Circle's USDC contract on each chain that has one (mainnets and their testnets). */
const knownUsdcAddresses: Readonly<Record<number, string>> = {
  1: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
  11155111: '0x1c7D4B196Cb0C7B01d743Fbc6116a902379C7238',
  10: '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85',
  11155420: '0x5fd84259d66Cd46123540766Be93DFE6D43130D7',
  137: '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359',
  80002: '0x41E94Eb019C0762f9Bfcf9Fb1E58725BfB0e7582',
  8453: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
  84532: '0x036CbD53842c5426634e7929541eC2318f3dCF7e',
  43114: '0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E',
  43113: '0x5425890298aed601595a70AB815c96711a31Bc65',
  42161: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831',
  421614: '0x75faf114eafb1BDbe2F0316DF893fd58CE46AA4d',
}

/** Circle's USDC mint per cluster; the testnet has none (funding spec, "Validation rules"). */
const knownUsdcMints: Readonly<Partial<Record<SolanaCluster['name'], string>>> = {
  'mainnet-beta': 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
  devnet: '4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU',
}

/** USDC has 6 decimals everywhere (funding spec, "Business constants and limits"). */
export const USDC_DECIMALS = 6

type ChainSettings = Pick<EffectiveConfig, 'appChains' | 'supportedChains'>

/** The chain's own funding field: the host's entry, then the app's. */
const configured = (config: ChainSettings, chainId: number, field: 'onrampNetwork' | 'usdcAddress') =>
  config.supportedChains?.find((chain) => chain.id === chainId)?.[field] || config.appChains.find((chain) => chain.id === chainId)?.[field] || null

export const onrampNetworkOf = (config: ChainSettings, chainId: number): string | null =>
  configured(config, chainId, 'onrampNetwork') ?? builtInOnrampNetworks[chainId] ?? null

export const usdcAddressOf = (config: ChainSettings, chainId: number): string | null =>
  configured(config, chainId, 'usdcAddress') ?? knownUsdcAddresses[chainId] ?? null

export const usdcMintOf = (cluster: SolanaCluster): string | null => cluster.usdcMint || knownUsdcMints[cluster.name] || null

/** The funded asset as the provider tables know it. */
export type OnrampAsset = 'native-currency' | 'USDC'

/** The first card provider (Coinbase Onramp): card and exchange, native and USDC, on five networks. */
const coinbaseNetworks: ReadonlySet<string> = new Set(['ethereum', 'base', 'optimism', 'polygon', 'arbitrum'])

/** The second card provider (MoonPay): its currency code per network and asset (the sign route's codes). */
const moonpayCurrencies: Readonly<Record<string, Partial<Record<OnrampAsset, string>>>> = {
  ethereum: { 'native-currency': 'ETH_ETHEREUM', USDC: 'USDC_ETHEREUM' },
  arbitrum: { 'native-currency': 'ETH_ARBITRUM', USDC: 'USDC_ARBITRUM' },
  base: { 'native-currency': 'ETH_BASE', USDC: 'USDC_BASE' },
  polygon: { 'native-currency': 'MATIC_POLYGON', USDC: 'USDC_POLYGON' },
  optimism: { USDC: 'USDC_OPTIMISM' },
  avalanche: { 'native-currency': 'AVAX_CCHAIN' },
  celo: { 'native-currency': 'CELO_CELO' },
  solana: { 'native-currency': 'SOL', USDC: 'USDC_SOL' },
}

/** Funding spec, "Business constants and limits": the first provider offers native and USDC on its five networks and on Solana. */
export const coinbaseSupports = (network: string | null) => network === 'solana' || (network !== null && coinbaseNetworks.has(network))

/** The first provider's asset name: USDC, else the network's native one (POL on Polygon, SOL on Solana, else ETH). */
export function coinbaseAssetOf(network: string, asset: OnrampAsset): string {
  if (asset === 'USDC') return 'USDC'
  return network === 'polygon' ? 'POL' : network === 'solana' ? 'SOL' : 'ETH'
}

/** The second provider's currency code; null where it does not sell the asset (funding spec, "Business constants and limits"). */
export const moonpayCurrencyOf = (network: string | null, asset: OnrampAsset): string | null => (network && moonpayCurrencies[network]?.[asset]) || null
