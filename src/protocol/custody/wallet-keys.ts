/**
 * The secret-format rule of a share set. A created set's secret is 16 bytes of BIP-39 entropy (every HD wallet derives
 * from it); an imported set's secret is the one 32-byte private key itself (Ethereum secp256k1, or a Solana ed25519
 * seed), which is its wallet at index 0 and has no siblings. The secret's length is the share set's format marker.
 */
import type { EmbeddedChainType } from '../wallet-frame.js'
import { ENTROPY_BYTES, seedOf } from './entropy.js'
import { ethereumPrivateKey } from './ethereum-keys.js'
import { solanaPrivateKey } from './solana-keys.js'

export const IMPORTED_KEY_BYTES = 32

export interface ShareSetKeys {
  imported: boolean
  /** Wallet `index`'s private key on `chainType`, a copy the caller may zero; null past index 0 of an imported key. */
  privateKey(chainType: EmbeddedChainType, index: number): Uint8Array | null
  /** Zeroes the seed (or key) these keys hold: they derive nothing afterwards. */
  wipe(): void
}

export const hdPrivateKey = (seed: Uint8Array, chainType: EmbeddedChainType, index: number): Uint8Array =>
  chainType === 'ethereum' ? ethereumPrivateKey(seed, index) : solanaPrivateKey(seed, index)

/** Null for a secret of neither format (a tampered or foreign share set). The secret itself is not kept. */
export async function shareSetKeysOf(secret: Uint8Array): Promise<ShareSetKeys | null> {
  if (secret.length === ENTROPY_BYTES) {
    const seed = await seedOf(secret)
    return { imported: false, privateKey: (chainType, index) => hdPrivateKey(seed, chainType, index), wipe: () => seed.fill(0) }
  }
  if (secret.length === IMPORTED_KEY_BYTES) {
    const key = secret.slice()
    return { imported: true, privateKey: (_chainType, index) => (index === 0 ? key.slice() : null), wipe: () => key.fill(0) }
  }
  return null
}
