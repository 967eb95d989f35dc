/**
 * What the card stand-ins sell, in their providers' own names: Coinbase's asset symbols and asset ids (its hosted
 * page takes either as `defaultAsset`), MoonPay's currency codes (`eth_base`, `usdc_sol`, ...), each network's native
 * symbol, and fixed dev prices in USD (the local chains' currencies have no market).
 */
import { formatUnits } from 'viem'
import type { FundingAsset } from './networks.js'

/** Coinbase's public asset ids for the assets the funding spec funds. */
const coinbaseAssetIds: Record<string, string> = {
  '2b92315d-eab7-5bef-84fa-089a131333f5': 'USDC',
  'd85dce9b-5b73-5c3c-8978-522ce1d1c1b4': 'ETH',
  '4f039497-3af8-5bb3-951c-6df9afa9be1c': 'SOL',
  '026bcc1e-9163-591c-a709-34dd18b2e7a1': 'POL',
}

const nativeSymbols: Record<string, string> = {
  ethereum: 'ETH',
  base: 'ETH',
  optimism: 'ETH',
  arbitrum: 'ETH',
  polygon: 'POL',
  solana: 'SOL',
  avalanche: 'AVAX',
  celo: 'CELO',
}

export const DEV_USD_PRICES: Record<string, number> = { ETH: 3000, SOL: 150, POL: 0.5, AVAX: 30, CELO: 0.7, USDC: 1 }
/** What a checkout's amount field holds when the app presets none. */
export const DEFAULT_PURCHASE: Record<string, number> = { ETH: 0.01, SOL: 0.1, POL: 10, USDC: 10 }

export const nativeSymbol = (network: string) => nativeSymbols[network] ?? 'ETH'

/** A Coinbase `defaultAsset` (symbol or asset id) on `network` as what the stand-in delivers, or null when unknown. */
export function coinbaseAsset(defaultAsset: string | null, network: string): { symbol: string; asset: FundingAsset } | null {
  const symbol = defaultAsset ? (coinbaseAssetIds[defaultAsset.toLowerCase()] ?? defaultAsset.toUpperCase()) : nativeSymbol(network)
  if (symbol === 'USDC') return { symbol, asset: 'USDC' }
  return symbol === nativeSymbol(network) ? { symbol, asset: 'native' } : null
}

/** MoonPay's network suffixes; a code without one names the asset's home chain. */
const moonpayNetworks: Record<string, string> = {
  base: 'base',
  arbitrum: 'arbitrum',
  optimism: 'optimism',
  polygon: 'polygon',
  ethereum: 'ethereum',
  sol: 'solana',
  cchain: 'avalanche',
  celo: 'celo',
}
const moonpayHomeNetworks: Record<string, string> = { eth: 'ethereum', usdc: 'ethereum', sol: 'solana', matic: 'polygon', pol: 'polygon' }

/** A MoonPay currency code (`eth_base`, `USDC_SOL`, `sol`, ...) as network and asset, or null when not one it sells here. */
export function moonpayCurrency(code: string): { code: string; network: string; symbol: string; asset: FundingAsset } | null {
  const normalized = code.toLowerCase()
  const [ticker = '', suffix] = normalized.split('_')
  const network = suffix === undefined ? moonpayHomeNetworks[ticker] : moonpayNetworks[suffix]
  if (!network) return null
  if (ticker === 'usdc') return { code: normalized, network, symbol: 'USDC', asset: 'USDC' }
  const symbol = ticker === 'matic' ? 'POL' : ticker.toUpperCase()
  return symbol === nativeSymbol(network) ? { code: normalized, network, symbol, asset: 'native' } : null
}

/** `amount` base units of a `decimals` asset worth in USD at the dev price, to the cent. */
export const usdValue = (amount: bigint, decimals: number, symbol: string) =>
  Math.round(Number(formatUnits(amount, decimals)) * (DEV_USD_PRICES[symbol] ?? 0) * 100) / 100
