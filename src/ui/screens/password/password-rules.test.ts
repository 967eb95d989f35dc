import { describe, expect, it } from 'vitest'
import { listOffendingCharacters, passwordProblem } from './password-rules.js'

describe('password rules (wallet spec, "Validation rules")', () => {
  it('needs 6 characters', () => {
    expect(passwordProblem('abcde')).toEqual({ kind: 'too-short' })
    expect(passwordProblem('abcdef')).toBeNull()
    expect(passwordProblem('')).toEqual({ kind: 'too-short' })
  })

  it('allows letters, digits and ! @ # $ % ^ & * ( ) - _ + . only, listing each offender once with a space as SPACE', () => {
    expect(passwordProblem('Aa1!@#$%^&*()-_+.')).toBeNull()
    const problem = passwordProblem('pass word?=word ')
    expect(problem).toEqual({ kind: 'invalid-characters', characters: [' ', '?', '='] })
    expect(listOffendingCharacters((problem as { characters: string[] }).characters)).toBe('SPACE, ?, =')
    // Offending characters are named before the length.
    expect(passwordProblem('a b')).toEqual({ kind: 'invalid-characters', characters: [' '] })
  })
})
