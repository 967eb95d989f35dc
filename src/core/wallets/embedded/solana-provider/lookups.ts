/** Funding spec, "The error catalogue": price and token lookups are logged and swallowed; the symbol then falls back to the shortened mint. */
import type { SolanaCluster } from '../../../config/types.js'
import type { SplTokenInfoLookup } from '../../../transactions/solana/decode-instructions.js'
import type { EmbeddedSolanaProviderOptions } from './types.js'

/** The mints' symbols on the cluster, for the confirmation's rows; null when unknown. */
export const splTokenInfoLookup =
  ({ splTokenInfo }: EmbeddedSolanaProviderOptions, cluster: SolanaCluster): SplTokenInfoLookup =>
  async (mint) => {
    if (!splTokenInfo) return null
    return splTokenInfo(mint, cluster.name).catch((error: unknown) => {
      console.warn(`[tessera] Unable to fetch token details of ${mint}`, error)
      return null
    })
  }

/** The SOL price in USD, for the confirmation's values; null when unknown. */
export async function solUsd({ tokenPriceUsd }: EmbeddedSolanaProviderOptions): Promise<number | null> {
  if (!tokenPriceUsd) return null
  return tokenPriceUsd(0, 'SOL').catch((error: unknown) => {
    console.warn('[tessera] Unable to fetch SOL price', error)
    return null
  })
}
