import type { Queryable } from '../db/types.js'
import type { KeyEncryptionKeys } from '../secrets/key-encryption-keys.js'

/** What the signer's actions need: its own store and the key-encryption keys that seal it. */
export interface SignerDeps {
  db: Queryable
  keys: KeyEncryptionKeys
  now(): number
}
