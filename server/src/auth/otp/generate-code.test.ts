import { describe, expect, it } from 'vitest'
import { generateCode } from './generate-code.js'

describe('generateCode', () => {
  it('draws 10 000 six-digit codes whose digits pass a chi-square uniformity test', () => {
    const counts = new Array<number>(10).fill(0)
    const codes = Array.from({ length: 10_000 }, generateCode)
    for (const code of codes) {
      expect(code).toMatch(/^\d{6}$/)
      for (const digit of code) counts[Number(digit)]!++
    }
    const expected = (10_000 * 6) / 10
    const chiSquare = counts.reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0)
    // 9 degrees of freedom: the 0.999 quantile is 27.88, so a fair generator fails this once in 1000 runs.
    expect(chiSquare).toBeLessThan(27.88)
    // Consecutive codes differ (a repeat has probability 1e-6 per pair).
    const repeats = codes.filter((code, i) => i > 0 && code === codes[i - 1]).length
    expect(repeats).toBeLessThanOrEqual(1)
    expect(new Set(codes).size).toBeGreaterThan(9_900)
  })
})
