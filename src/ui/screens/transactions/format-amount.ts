/**
 * Display rules (document 3 §9, document 1 §9): native amounts with 3 decimals, USD with 2 ('<$0.01' when smaller),
 * token amounts by their decimals.
 */
import type { AssetAmount } from '../../../core/index.js'

/** Native currency amounts (fees, balances, value sent) show 3 decimals. */
export const NATIVE_DISPLAY_DECIMALS = 3

/** `value` in smallest units as a decimal string, cut (not rounded) to `maxDecimals`, trailing zeros dropped. */
export function formatUnits(value: bigint, decimals: number, maxDecimals = decimals): string {
  const negative = value < 0n
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0')
  const whole = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals, digits.length - decimals + maxDecimals).replace(/0+$/, '')
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`
}

export function formatUsd(usd: number): string {
  if (usd > 0 && usd < 0.01) return '<$0.01'
  return `$${usd.toFixed(2)}`
}

/** '0.012 ETH ($30.12)'; `native` keeps 3 decimals ('<0.001 ETH' for a smaller non-zero amount). */
export function formatAsset(amount: AssetAmount, { native = false }: { native?: boolean } = {}): string {
  const maxDecimals = native ? NATIVE_DISPLAY_DECIMALS : amount.decimals
  let shown = formatUnits(amount.value, amount.decimals, maxDecimals)
  if (native && amount.value > 0n && shown === '0') shown = `<${formatUnits(1n, NATIVE_DISPLAY_DECIMALS)}`
  const usd = amount.usd === null ? '' : ` (${formatUsd(amount.usd)})`
  return `${shown} ${amount.symbol}${usd}`
}
