/**
 * What the funding screens show of a session (funding spec, "Screens and routes" and "Business constants and limits"): the network's name, the asset's symbol, amounts by
 * the confirmations' rules (native 3 decimals, tokens by their decimals), and the receive QR code's URI.
 */
import type { AssetAmount, FundingSession } from '../../../core/index.js'
import type { useT } from '../../copy/funding.js'
import { formatAsset } from '../transactions/format-amount.js'

type Funded = Pick<FundingSession, 'chainType' | 'address' | 'chain' | 'cluster' | 'asset'>

/** The chain's name ('Base Sepolia'), or the Solana cluster's ('Solana Devnet'). */
export function networkName(t: ReturnType<typeof useT>, { chain, cluster }: Pick<FundingSession, 'chain' | 'cluster'>): string {
  if (chain) return chain.name
  return t(`funding.network.${cluster?.name ?? 'mainnet-beta'}`)
}

/** The asset's symbol; while an ERC-20's details load, the chain's native one. */
export function symbolOf({ asset, chain, chainType }: Pick<FundingSession, 'asset' | 'chain' | 'chainType'>): string {
  return asset?.symbol ?? chain?.nativeCurrency.symbol ?? (chainType === 'solana' ? 'SOL' : 'ETH')
}

/** An amount of the funded asset: the native currency with 3 decimals, a token with its own. */
export function formatFunded(amount: AssetAmount, { asset }: Pick<FundingSession, 'asset'>, locale = 'en'): string {
  return formatAsset(amount, { native: asset?.kind === 'native', locale })
}

/** The core's USD text ('500.00', '<0.01') with `locale`'s digits and decimal separator. */
export const localUsd = (usd: string, locale: string) =>
  usd.replace(/[\d.]+/, (amount) =>
    new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false }).format(Number(amount)),
  )

/**
 * The receive QR code (funding spec, "Screens and routes"): the chain type, the address and, for Solana USDC, the mint. Ethereum: an
 * EIP-681 URI with the chain id (`ethereum:0x…@8453`); Solana: a Solana Pay transfer URI (`solana:…?spl-token=<mint>`).
 */
export function receiveUri({ chainType, address, chain, asset }: Funded): string {
  if (chainType === 'solana') {
    const mint = asset?.kind === 'usdc' ? asset.address : null
    return `solana:${address}${mint ? `?spl-token=${encodeURIComponent(mint)}` : ''}`
  }
  return `ethereum:${address}${chain ? `@${chain.id}` : ''}`
}
