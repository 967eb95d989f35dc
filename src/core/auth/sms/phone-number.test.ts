import { describe, expect, it } from 'vitest'
import { maskPhoneNumber } from './mask-phone-number.js'
import { normalizePhoneNumber } from './phone-number.js'

describe('normalizePhoneNumber', () => {
  it.each([
    ['+1 415 555 2671', 'US', '+14155552671'],
    ['(415) 555-2671', 'US', '+14155552671'],
    ['  415.555.2671 ', 'US', '+14155552671'],
    ['020 7946 0958', 'GB', '+442079460958'],
    ['+33 6 12 34 56 78', 'US', '+33612345678'],
    // An international number ignores the default country, even an unknown one.
    ['+1 415 555 2671', 'ZZ', '+14155552671'],
  ])('reads %s (default %s) as %s', async (raw, country, expected) => {
    await expect(normalizePhoneNumber(raw, country)).resolves.toBe(expected)
  })

  it.each([
    ['', 'US'],
    ['abc', 'US'],
    ['555', 'US'],
    ['+1 415 555 267', 'US'],
    ['+1 415 555 26711', 'US'],
    ['+1 555 555 0100', 'US'],
    ['+1 415 555 2671 ext. 5', 'US'],
    ['415 555 2671', 'ZZ'],
  ])('refuses %s (default %s)', async (raw, country) => {
    await expect(normalizePhoneNumber(raw, country)).rejects.toMatchObject({ code: 'invalid_data', shortMessage: 'Invalid phone number' })
  })
})

describe('maskPhoneNumber', () => {
  it('keeps only the last 4 digits and the punctuation', () => {
    expect(maskPhoneNumber('+14155552671')).toBe('+•••••••2671')
    expect(maskPhoneNumber('+1 415 555 2671')).toBe('+• ••• ••• 2671')
    expect(maskPhoneNumber('(415) 555-2671', '*')).toBe('(***) ***-2671')
    expect(maskPhoneNumber('2671')).toBe('2671')
    expect(maskPhoneNumber('')).toBe('')
  })
})
