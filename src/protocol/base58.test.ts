import { describe, expect, it } from 'vitest'
import { decodeBase58, encodeBase58 } from './base58.js'

const bytes = (text: string) => new TextEncoder().encode(text)

describe('base58 (Bitcoin alphabet)', () => {
  it('matches known vectors, leading zero bytes as leading 1s', () => {
    expect(encodeBase58(bytes('Hello World!'))).toBe('2NEpo7TZRRrLZSi2U')
    expect(encodeBase58(Uint8Array.from([0, 0, 0x28, 0x7f, 0xb4, 0xcd]))).toBe('11233QC4')
    expect(decodeBase58('2NEpo7TZRRrLZSi2U')).toEqual(bytes('Hello World!'))
    expect(decodeBase58('11233QC4')).toEqual(Uint8Array.from([0, 0, 0x28, 0x7f, 0xb4, 0xcd]))
    expect(encodeBase58(new Uint8Array())).toBe('')
    // draft-msporny-base58's third vector, and all-zero bytes (only 1s).
    expect(encodeBase58(bytes('The quick brown fox jumps over the lazy dog.'))).toBe('USm3fpXnKG5EUBx2ndxBDMPVciP5hGey2Jh4NDv6gmeo1LkMeiKrLJUUBk6Z')
    expect(decodeBase58('111')).toEqual(new Uint8Array(3))
    expect(decodeBase58('')).toEqual(new Uint8Array())
  })

  it('refuses characters outside the alphabet (0, O, I, l)', () => {
    for (const text of ['0abc', 'Oabc', 'Iabc', 'labc', 'ab c']) expect(decodeBase58(text)).toBeNull()
  })

  it('round-trips 32-byte keys and 64-byte signatures', () => {
    for (const size of [32, 64]) {
      const value = crypto.getRandomValues(new Uint8Array(size))
      expect(decodeBase58(encodeBase58(value))).toEqual(value)
    }
  })
})
