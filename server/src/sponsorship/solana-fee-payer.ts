import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import type { Queryable } from '../db/types.js'
import { readGivenSecret, storeGivenSecret } from '../keys/server-secret.js'
import type { KeyEncryptionKeys } from '../secrets/key-encryption-keys.js'

/** The app's Solana fee payer: the account whose lamports pay its users' sponsored fees. */
export interface SolanaFeePayer {
  address: string
  /** Ed25519 over the transaction's message bytes. */
  sign(message: Uint8Array): Uint8Array
}

export const SOLANA_SECRET_KEY_FORMAT = 'must be a Solana secret key: base58 of 64 bytes (the seed, then its public key)'

const decodes = (text: string): Uint8Array | null => {
  try {
    return base58.decode(text)
  } catch {
    return null
  }
}

export const isSolanaAddress = (text: string): boolean => decodes(text)?.length === 32

/** 64 bytes whose second half is the public key of the first: a typo cannot pass for another key. */
export function isSolanaSecretKey(text: string): boolean {
  const bytes = decodes(text)
  if (bytes?.length !== 64) return false
  return base58.encode(ed25519.getPublicKey(bytes.subarray(0, 32))) === base58.encode(bytes.subarray(32))
}

/** Sealed in server_secrets with the key-encryption key, like the paymaster key (rotated with the others). */
const secretName = (appId: string) => `gas-sponsorship-solana-fee-payer:${appId}`

/** Sets (or replaces) the app's fee payer; answers its address. */
export async function storeSolanaFeePayerKey(db: Queryable, keys: KeyEncryptionKeys, appId: string, secretKey: string): Promise<string> {
  if (!isSolanaSecretKey(secretKey)) throw new Error(`The Solana fee payer key ${SOLANA_SECRET_KEY_FORMAT}`)
  await storeGivenSecret(db, keys, secretName(appId), secretKey)
  return base58.encode(base58.decode(secretKey).subarray(32))
}

/** The app's fee payer for one request, or null when none was set. */
export async function loadSolanaFeePayer(db: Queryable, keys: KeyEncryptionKeys, appId: string): Promise<SolanaFeePayer | null> {
  const secretKey = await readGivenSecret(db, keys, secretName(appId))
  if (!secretKey) return null
  const secret = base58.decode(secretKey)
  const seed = secret.subarray(0, 32)
  return { address: base58.encode(secret.subarray(32)), sign: (message) => ed25519.sign(message, seed) }
}
