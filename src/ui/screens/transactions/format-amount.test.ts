import { describe, expect, it } from 'vitest'
import { formatAsset, formatUnits, formatUsd } from './format-amount.js'

describe('display rules', () => {
  it('formats smallest units by decimals, cut to the displayed decimals', () => {
    expect(formatUnits(1_500_000n, 6)).toBe('1.5')
    expect(formatUnits(10n ** 18n, 18)).toBe('1')
    expect(formatUnits(1_234_567_890_000_000_000n, 18, 3)).toBe('1.234')
    expect(formatUnits(5n, 9)).toBe('0.000000005')
    expect(formatUnits(-2_500n, 3)).toBe('-2.5')
  })

  it('shows USD with 2 decimals and <$0.01 below a cent', () => {
    expect(formatUsd(12.345)).toBe('$12.35')
    expect(formatUsd(0.004)).toBe('<$0.01')
    expect(formatUsd(0)).toBe('$0.00')
  })

  it('shows native amounts with 3 decimals and tokens by their decimals, with USD when priced', () => {
    expect(formatAsset({ value: 21_000n * 10n ** 9n, decimals: 18, symbol: 'ETH', usd: 0.06 }, { native: true })).toBe('<0.001 ETH ($0.06)')
    expect(formatAsset({ value: 1_234_500_000_000_000_000n, decimals: 18, symbol: 'ETH', usd: null }, { native: true })).toBe('1.234 ETH')
    expect(formatAsset({ value: 1_234_567n, decimals: 6, symbol: 'USDC', usd: 1.23 })).toBe('1.234567 USDC ($1.23)')
  })

  it("writes amounts in the element's language: its decimal separator and currency format", () => {
    expect(formatUsd(12.345, 'es')).toBe('12,35\u00a0US$')
    expect(formatUsd(0.004, 'es')).toBe('<0,01\u00a0US$')
    // No grouping, as the English display rules have none ('$6000.00').
    expect(formatUsd(6000, 'en')).toBe('$6000.00')
    expect(formatAsset({ value: 1_234_500_000_000_000_000n, decimals: 18, symbol: 'ETH', usd: 2.5 }, { native: true, locale: 'de' })).toBe(
      '1,234 ETH (2,50\u00a0$)',
    )
    expect(formatAsset({ value: 21_000n * 10n ** 9n, decimals: 18, symbol: 'ETH', usd: null }, { native: true, locale: 'fr' })).toBe('<0,001 ETH')
    // Exact to the last digit, never rounded through a float.
    expect(formatAsset({ value: 123_456_789_012_345_678n, decimals: 18, symbol: 'WEI', usd: null }, { locale: 'es' })).toBe('0,123456789012345678 WEI')
  })
})
