import { describe, expect, it } from 'vitest'
import { decodeBase32, encodeBase32 } from './base32.js'
import { matchTotpStep, totpCode, totpStep } from './totp.js'

describe('base32 (RFC 4648 §10 vectors, unpadded)', () => {
  const vectors: [string, string][] = [
    ['', ''],
    ['f', 'MY'],
    ['fo', 'MZXQ'],
    ['foo', 'MZXW6'],
    ['foob', 'MZXW6YQ'],
    ['fooba', 'MZXW6YTB'],
    ['foobar', 'MZXW6YTBOI'],
  ]
  it.each(vectors)('%s ⇄ %s', (text, encoded) => {
    expect(encodeBase32(new TextEncoder().encode(text))).toBe(encoded)
    expect(new TextDecoder().decode(decodeBase32(encoded))).toBe(text)
  })

  it('reads lower case, spaces and padding, and refuses other characters', () => {
    expect(new TextDecoder().decode(decodeBase32('mzxw 6ytb oi======'))).toBe('foobar')
    expect(() => decodeBase32('MZXW1')).toThrow()
  })

  it('round-trips a 20-byte secret into 32 characters', () => {
    const secret = crypto.getRandomValues(new Uint8Array(20))
    const encoded = encodeBase32(secret)
    expect(encoded).toMatch(/^[A-Z2-7]{32}$/)
    expect(decodeBase32(encoded)).toEqual(secret)
  })
})

describe('TOTP (RFC 6238 Appendix B, SHA-1)', () => {
  const seed = new TextEncoder().encode('12345678901234567890')
  const vectors: [number, string][] = [
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ]
  it.each(vectors)('T = %i s → %s', (seconds, code) => {
    expect(totpCode(seed, seconds * 1000, 8)).toBe(code)
    // Six digits are the last six of the same value.
    expect(totpCode(seed, seconds * 1000)).toBe(code.slice(2))
  })

  it('accepts the current step and ±1, never ±2', () => {
    const now = 1_700_000_015_000
    const step = totpStep(now)
    for (const offset of [-1, 0, 1]) expect(matchTotpStep(seed, totpCode(seed, now + offset * 30_000), now)).toBe(step + offset)
    for (const offset of [-2, 2]) expect(matchTotpStep(seed, totpCode(seed, now + offset * 30_000), now)).toBeNull()
    expect(matchTotpStep(seed, '12345', now)).toBeNull()
  })
})
