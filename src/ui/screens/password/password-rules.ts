/** Wallet spec, "Validation rules": "Password": the recovery password's rules, shared by the wizard, its strength meter and its generator. */

export const PASSWORD_MIN_LENGTH = 6
export const PASSWORD_SYMBOLS = '!@#$%^&*()-_+.'
const LOWERCASE = 'abcdefghijklmnopqrstuvwxyz'
const UPPERCASE = LOWERCASE.toUpperCase()
const DIGITS = '0123456789'
export const PASSWORD_CHARACTER_CLASSES = [LOWERCASE, UPPERCASE, DIGITS, PASSWORD_SYMBOLS] as const
const allowed = new Set(PASSWORD_CHARACTER_CLASSES.join(''))

export type PasswordProblem = { kind: 'too-short' } | { kind: 'invalid-characters'; characters: string[] }

/** The first rule `password` breaks, or null: offending characters (each once, in order) before the length. */
export function passwordProblem(password: string): PasswordProblem | null {
  const offending = [...new Set([...password].filter((character) => !allowed.has(character)))]
  if (offending.length) return { kind: 'invalid-characters', characters: offending }
  if (password.length < PASSWORD_MIN_LENGTH) return { kind: 'too-short' }
  return null
}

/** The offending characters as the error lists them: a space reads SPACE. */
export const listOffendingCharacters = (characters: string[]) => characters.map((character) => (character === ' ' ? 'SPACE' : character)).join(', ')
