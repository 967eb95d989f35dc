import type { KeyEncryptionKeys } from './key-encryption-keys.js'

/** How a sealed value sits in a text column: `kek1.<key id, base64url>.<ciphertext>`; plaintext never starts so. */
export const SEALED_PREFIX = 'kek1.'

/** The start every value sealed under `keyId` shares (rotation finds the others by it). */
export const sealedPrefixOf = (keyId: string) => `${SEALED_PREFIX}${Buffer.from(keyId).toString('base64url')}.`

export const isSealedText = (stored: string) => stored.startsWith(SEALED_PREFIX)

/** Seals bytes (a key the caller zeroes afterwards) as stored text. */
export async function sealBytes(keys: KeyEncryptionKeys, plaintext: Uint8Array, aad: string): Promise<string> {
  const sealed = await keys.seal(plaintext, aad)
  return `${sealedPrefixOf(sealed.keyId)}${sealed.ciphertext}`
}

export const sealText = (keys: KeyEncryptionKeys, plaintext: string, aad: string): Promise<string> => sealBytes(keys, Buffer.from(plaintext, 'utf8'), aad)

/** Opens stored text into bytes the caller may zero. */
export async function openBytes(keys: KeyEncryptionKeys, stored: string, aad: string): Promise<Uint8Array> {
  const [keyId, ...ciphertext] = isSealedText(stored) ? stored.slice(SEALED_PREFIX.length).split('.') : []
  if (!keyId || ciphertext.length === 0)
    throw new Error(`A secret in the database is not sealed (${aad.split('\n')[0]}): start the server once with a key-encryption key to seal it`)
  return keys.open({ keyId: Buffer.from(keyId, 'base64url').toString('utf8'), ciphertext: ciphertext.join('.') }, aad)
}

export const openText = async (keys: KeyEncryptionKeys, stored: string, aad: string): Promise<string> =>
  Buffer.from(await openBytes(keys, stored, aad)).toString('utf8')
