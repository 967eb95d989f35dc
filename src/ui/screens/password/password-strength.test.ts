import { describe, expect, it } from 'vitest'
import { generatePassword } from './generate-password.js'
import { passwordProblem } from './password-rules.js'
import { passwordScore, passwordStrength } from './password-strength.js'

describe('password strength (wallet spec, "Validation rules")', () => {
  it('averages 0.3 × variety (0 under 8 characters, classes/3 capped at 1) with length × log2(alphabet) / 95', () => {
    // 7 lowercase: no variety part; 7 × log2(26) / 95 / 2.
    expect(passwordScore('abcdefg')).toBeCloseTo((7 * Math.log2(26)) / 95 / 2, 10)
    // 8 characters of two classes: variety 0.3 × 2/3; alphabet 26 + 10.
    expect(passwordScore('abcd1234')).toBeCloseTo((0.3 * (2 / 3) + (8 * Math.log2(36)) / 95) / 2, 10)
    // Four classes cap the variety at 0.3; the alphabet is 26 + 26 + 10 + 14.
    expect(passwordScore('Abcd12!x')).toBeCloseTo((0.3 + (8 * Math.log2(76)) / 95) / 2, 10)
  })

  it('is Strong above 0.9, Medium above 0.5, else Weak; an invalid password is Weak whatever its length', () => {
    expect(passwordStrength('abcdef')).toBe('Weak')
    expect(passwordStrength('Abcdef12!xyz')).toBe('Medium')
    expect(passwordStrength('Abcdef12!xyzAbcdef12!xyz')).toBe('Strong')
    expect(passwordStrength('Abcdef12!xyz Abcdef12!xyz')).toBe('Weak')
    expect(passwordStrength('Ab1!')).toBe('Weak')
  })

  it('generates valid Strong passwords with every class, from the allowed characters only', () => {
    for (let round = 0; round < 50; round++) {
      const password = generatePassword()
      expect(passwordProblem(password)).toBeNull()
      expect(passwordStrength(password)).toBe('Strong')
      for (const pattern of [/[a-z]/, /[A-Z]/, /\d/, /[!@#$%^&*()\-_+.]/]) expect(password).toMatch(pattern)
    }
    expect(new Set(Array.from({ length: 20 }, () => generatePassword())).size).toBe(20)
  })
})
