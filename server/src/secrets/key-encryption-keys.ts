/** A value sealed by a key-encryption key: which key sealed it, and the adapter's ciphertext (text, any characters). */
export interface SealedValue {
  keyId: string
  ciphertext: string
}

/**
 * The key-encryption keys (KEK) that seal the server's secrets at rest: signing keys, auth shares and server secrets.
 * They never live in the database. The local adapter (local-key-encryption-keys.ts) holds them in memory from the
 * settings; a cloud KMS or Vault transit adapter implements the same three members (docs/keys.md).
 */
export interface KeyEncryptionKeys {
  /** The key every new value is sealed with. */
  readonly activeKeyId: string
  /** Seals `plaintext` under the active key; `aad` binds it to its row and purpose (it opens with the same `aad` only). */
  seal(plaintext: Uint8Array, aad: string): Promise<SealedValue>
  /** Opens a value sealed by the active or a previous key for the same `aad`; throws otherwise. */
  open(sealed: SealedValue, aad: string): Promise<Uint8Array>
}

/** A sealed value names a key this server was not given (a lost or removed TESSERA_KEK_PREVIOUS, or a wrong key). */
export class UnknownKeyEncryptionKeyError extends Error {
  override name = 'UnknownKeyEncryptionKeyError'
  constructor(keyId: string) {
    super(
      `A secret in the database is sealed with key-encryption key ${keyId}, which is not configured (TESSERA_KEK, TESSERA_KEK_FILE or TESSERA_KEK_PREVIOUS)`,
    )
  }
}

/** A sealed value does not open: tampered, moved to another row, or sealed by a different key under the same id. */
export class SealedValueError extends Error {
  override name = 'SealedValueError'
  constructor(aad: string) {
    super(`A sealed secret does not open (${aad.split('\n')[0]}): it was altered, moved or sealed with another key`)
  }
}
