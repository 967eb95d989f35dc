import { describe, expect, it } from 'vitest'
import { shortenAddress } from './shorten-address.js'

describe('shortenAddress', () => {
  it('keeps 5 and 4 characters by default, or what the caller asks', () => {
    expect(shortenAddress('0x1234567890abcdef1234')).toBe('0x123…1234')
    expect(shortenAddress('0x1234567890abcdef1234', 3, 4)).toBe('0x1…1234')
    expect(shortenAddress('0x12345678')).toBe('0x12345678')
  })
})
