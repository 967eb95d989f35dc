/** Wallet spec, "Validation rules": "Password strength": Weak, Medium or Strong from character variety and an entropy-like value. */
import { PASSWORD_CHARACTER_CLASSES, passwordProblem } from './password-rules.js'

export type PasswordStrength = 'Weak' | 'Medium' | 'Strong'

const VARIETY_WEIGHT = 0.3
const VARIETY_MIN_LENGTH = 8
const ENTROPY_DIVISOR = 95

const classesIn = (password: string) => PASSWORD_CHARACTER_CLASSES.filter((characters) => [...password].some((character) => characters.includes(character)))

/** The average of variety (0.3 × classes/3, capped at 1 before weighting; 0 under 8 characters) and entropy/95. */
export function passwordScore(password: string): number {
  const classes = classesIn(password)
  const variety = password.length < VARIETY_MIN_LENGTH ? 0 : VARIETY_WEIGHT * Math.min(1, classes.length / 3)
  // The entropy-like value: length × log2 of the alphabet the present classes span (26, 26, 10 and the 14 symbols).
  const alphabet = classes.reduce((size, characters) => size + characters.length, 0)
  const entropy = alphabet > 0 ? password.length * Math.log2(alphabet) : 0
  return (variety + entropy / ENTROPY_DIVISOR) / 2
}

export function passwordStrength(password: string): PasswordStrength {
  if (passwordProblem(password)) return 'Weak'
  const score = passwordScore(password)
  return score > 0.9 ? 'Strong' : score > 0.5 ? 'Medium' : 'Weak'
}
