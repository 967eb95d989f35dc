/**
 * Display rules (funding spec, "Business constants and limits"; sign-in spec, "Business constants and limits"): native amounts with 3 decimals, USD with 2 ('<$0.01' when smaller),
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

/** A decimal string ('1234.5') in `locale`'s digits and separator, exactly (a string, never a float), no grouping. */
export function localDecimal(text: string, locale = 'en'): string {
  const format = new Intl.NumberFormat(locale, { maximumFractionDigits: 20, roundingMode: 'trunc', useGrouping: false })
  return format.format(text as Intl.StringNumericLiteral)
}

/** USD in `locale`'s currency format ('$12.35', '12,35 US$'), '<$0.01' below a cent. */
export function formatUsd(usd: number, locale = 'en'): string {
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', useGrouping: false })
  return usd > 0 && usd < 0.01 ? `<${format.format(0.01)}` : format.format(usd)
}

/** '0.012 ETH ($30.12)'; `native` keeps 3 decimals ('<0.001 ETH' for a smaller non-zero amount); numbers in `locale`. */
export function formatAsset(amount: AssetAmount, { native = false, locale = 'en' }: { native?: boolean; locale?: string } = {}): string {
  const maxDecimals = native ? NATIVE_DISPLAY_DECIMALS : amount.decimals
  const shown = formatUnits(amount.value, amount.decimals, maxDecimals)
  const text = native && amount.value > 0n && shown === '0' ? `<${localDecimal(formatUnits(1n, NATIVE_DISPLAY_DECIMALS), locale)}` : localDecimal(shown, locale)
  const usd = amount.usd === null ? '' : ` (${formatUsd(amount.usd, locale)})`
  return `${text} ${amount.symbol}${usd}`
}
