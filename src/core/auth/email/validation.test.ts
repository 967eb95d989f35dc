import { describe, expect, it } from 'vitest'
import { hasPlusAddress, isValidEmail } from './validation.js'

describe('isValidEmail', () => {
  it.each(['ada@example.com', 'a.b-c_d+tag@sub.example.co.uk', 'x@[192.168.0.1]', '  ada@example.com  '])('accepts %s', (email) => {
    expect(isValidEmail(email)).toBe(true)
  })
  it.each(['', 'ada', 'ada@', '@example.com', 'ada@example', 'a b@example.com', 'ada@@example.com', 'ada@[999.1.1.1]', 'ada@exa_mple.com', '.ada@example.com'])(
    'rejects %s',
    (email) => {
      expect(isValidEmail(email)).toBe(false)
    },
  )
})

describe('hasPlusAddress', () => {
  it('detects a plus in the local part only', () => {
    expect(hasPlusAddress('ada+news@example.com')).toBe(true)
    expect(hasPlusAddress('ada@example.com')).toBe(false)
    expect(hasPlusAddress('ada@ex+ample.com')).toBe(false)
  })
})
