/** A created share set's secret: 128 bits of BIP-39 entropy (12 words), from which every key of the set derives. */
import { entropyToMnemonic, mnemonicToSeedSync } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english'

export const ENTROPY_BYTES = 16

export function generateEntropy(): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(ENTROPY_BYTES))
}

export const mnemonicOf = (entropy: Uint8Array): string => entropyToMnemonic(entropy, wordlist)

/** The BIP-39 seed (no passphrase) both chains derive their keys from. */
export const seedOf = (entropy: Uint8Array): Uint8Array => mnemonicToSeedSync(mnemonicOf(entropy))
