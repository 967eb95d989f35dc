import type { AssetAmount } from '../types.js'

/** Solana's native currency has 9 decimals (funding spec, "Business constants and limits"). */
export const SOL_DECIMALS = 9

/** An amount of lamports as SOL, with its USD value when the price is known. */
export function lamportsAmount(value: bigint, solUsd: number | null): AssetAmount {
  return { value, decimals: SOL_DECIMALS, symbol: 'SOL', usd: solUsd === null ? null : (Number(value) / 10 ** SOL_DECIMALS) * solUsd }
}
