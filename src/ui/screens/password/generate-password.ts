/** 'Generate' on the create step: a random password from the allowed characters, with every class in it (Strong). */
import { PASSWORD_CHARACTER_CLASSES } from './password-rules.js'

const GENERATED_LENGTH = 28
const alphabet = PASSWORD_CHARACTER_CLASSES.join('')

/** Uniform picks (rejection sampling over random bytes); drawn again until lower, upper, digit and symbol all appear. */
export function generatePassword(random: (bytes: Uint8Array) => Uint8Array = (bytes) => crypto.getRandomValues(bytes)): string {
  const limit = 256 - (256 % alphabet.length)
  for (;;) {
    let password = ''
    while (password.length < GENERATED_LENGTH)
      for (const byte of random(new Uint8Array(GENERATED_LENGTH)))
        if (byte < limit && password.length < GENERATED_LENGTH) password += alphabet[byte % alphabet.length]
    if (PASSWORD_CHARACTER_CLASSES.every((characters) => [...password].some((character) => characters.includes(character)))) return password
  }
}
