import { describe, expect, it } from 'vitest'
import { amountInUsd, formatUsd, fromSmallestUnits, isAmountInput, isPositiveAmount, roundUpReadable, toSmallestUnits } from './amount.js'

describe('funding amounts (funding spec, "Validation rules" and "Business constants and limits")', () => {
  it('takes digits and at most one point as input, and needs a number above 0 to continue', () => {
    for (const text of ['', '0', '12', '0.5', '.5', '5.', '00.10']) expect(isAmountInput(text)).toBe(true)
    for (const text of ['1.2.3', '-1', '1e5', '1,5', ' 1', 'abc', '0x10']) expect(isAmountInput(text)).toBe(false)
    for (const text of ['0.5', '.5', '5.', '1', '0.000001']) expect(isPositiveAmount(text)).toBe(true)
    for (const text of ['', '.', '0', '0.0', '00.000']) expect(isPositiveAmount(text)).toBe(false)
  })

  it('converts whole units to smallest units and back, cutting digits beyond the decimals', () => {
    expect(toSmallestUnits('1.5', 18)).toBe(1_500_000_000_000_000_000n)
    expect(toSmallestUnits('.25', 6)).toBe(250_000n)
    expect(toSmallestUnits('7', 0)).toBe(7n)
    expect(toSmallestUnits('0.1234567', 6)).toBe(123_456n)
    expect(fromSmallestUnits(1_500_000_000_000_000_000n, 18)).toBe('1.5')
    expect(fromSmallestUnits(5n, 9)).toBe('0.000000005')
    expect(fromSmallestUnits(2_000_000n, 6)).toBe('2')
  })

  it('shows USD with 2 decimals, and <0.01 below a cent', () => {
    expect(formatUsd(12.345)).toBe('12.35')
    expect(formatUsd(0.004)).toBe('<0.01')
    expect(formatUsd(0)).toBe('0.00')
    expect(amountInUsd('0.05', 2000)).toBe('100.00')
    expect(amountInUsd('0.000001', 2000)).toBe('<0.01')
    expect(amountInUsd('0.05', null)).toBeNull()
    expect(amountInUsd('0', 2000)).toBeNull()
  })

  it('rounds a shortfall up to a readable amount that still covers it', () => {
    expect(roundUpReadable(123_456_789_012_345n, 18)).toBe('0.000124')
    expect(roundUpReadable(1_234_500_000_000_000_000n, 18)).toBe('1.24')
    expect(roundUpReadable(1_230_000_000_000_000_000n, 18)).toBe('1.23')
    expect(roundUpReadable(12_345_600_000n, 6)).toBe('12346')
    expect(roundUpReadable(1n, 9)).toBe('0.000000001')
    expect(roundUpReadable(0n, 18)).toBe('0')
    for (const [value, decimals] of [
      [987_654_321n, 9],
      [1_000_001n, 6],
      [31_415_926_535_897_932n, 18],
    ] as const) {
      expect(toSmallestUnits(roundUpReadable(value, decimals), decimals) >= value).toBe(true)
    }
  })
})
