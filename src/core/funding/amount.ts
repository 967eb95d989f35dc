/** Funding amounts (funding spec, "Validation rules" and "Business constants and limits"): typed in whole units, sent in smallest units, shown in USD with 2 decimals. */

/** What the amount input takes: digits and at most one point (funding spec, "Validation rules"); anything else is ignored. */
export const isAmountInput = (text: string) => /^\d*\.?\d*$/.test(text)

/** 'Continue' needs a number above 0. */
export const isPositiveAmount = (text: string) => /^(\d+\.?\d*|\.\d+)$/.test(text) && /[1-9]/.test(text)

/** A whole-unit decimal in the asset's smallest units; digits beyond its decimals are cut. */
export function toSmallestUnits(text: string, decimals: number): bigint {
  const [whole = '', fraction = ''] = text.split('.')
  return BigInt(`${whole || '0'}${fraction.slice(0, decimals).padEnd(decimals, '0')}`)
}

/** Smallest units as a whole-unit decimal without trailing zeros ('0.05'). */
export function fromSmallestUnits(value: bigint, decimals: number): string {
  const digits = value.toString().padStart(decimals + 1, '0')
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '')
  return `${digits.slice(0, digits.length - decimals)}${fraction ? `.${fraction}` : ''}`
}

/** USD with 2 decimals, '<0.01' below a cent (funding spec, "Business constants and limits"); the screen adds the '$'. */
export const formatUsd = (usd: number) => (usd > 0 && usd < 0.01 ? '<0.01' : usd.toFixed(2))

/** The amount's USD value at `price` per whole unit; null without a price or a valid amount. */
export function amountInUsd(text: string, price: number | null): string | null {
  if (price === null || !isPositiveAmount(text)) return null
  return formatUsd(Number(text) * price)
}

/** Significant digits kept when a shortfall becomes an amount to fund. */
const READABLE_DIGITS = 3

/**
 * A shortfall as an amount a person reads, rounded up so that it still covers the need: three significant digits
 * below 100 units (0.000123456 → '0.000124', 1.2345 → '1.24'), whole units above (12345.6 → '12346').
 */
export function roundUpReadable(value: bigint, decimals: number): string {
  if (value <= 0n) return '0'
  const integerDigits = (value / 10n ** BigInt(decimals)).toString().replace(/^0$/, '').length
  const leadingZeros = integerDigits ? 0 : decimals - value.toString().length
  const kept = Math.min(decimals, integerDigits ? Math.max(0, READABLE_DIGITS - integerDigits) : leadingZeros + READABLE_DIGITS)
  const step = 10n ** BigInt(decimals - kept)
  return fromSmallestUnits(((value + step - 1n) / step) * step, decimals)
}
