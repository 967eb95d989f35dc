/** A created share set's secret: 128 bits of BIP-39 entropy (12 words), from which every key of the set derives. */
import { entropyToMnemonic } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english'

export const ENTROPY_BYTES = 16

export function generateEntropy(): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(ENTROPY_BYTES))
}

export const mnemonicOf = (entropy: Uint8Array): string => entropyToMnemonic(entropy, wordlist)

const seedSalt = new TextEncoder().encode('mnemonic')

/**
 * The BIP-39 seed (no passphrase) both chains derive their keys from: PBKDF2-HMAC-SHA512 of the mnemonic, 2,048
 * rounds, by the platform's WebCrypto (about a sixth of the JavaScript PBKDF2's time, on every signature's unlock).
 */
export async function seedOf(entropy: Uint8Array): Promise<Uint8Array> {
  const password = new TextEncoder().encode(mnemonicOf(entropy).normalize('NFKD'))
  const key = await crypto.subtle.importKey('raw', password, 'PBKDF2', false, ['deriveBits'])
  password.fill(0)
  return new Uint8Array(await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-512', salt: seedSalt, iterations: 2048 }, key, 512))
}
