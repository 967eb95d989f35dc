import type { Db } from '../db/types.js'
import type { KeyEncryptionKeys } from './key-encryption-keys.js'
import { countNotUnderActiveKey, resealUnderActiveKey } from './reseal.js'

/**
 * `tessera-server keys rotate`: re-seals every sealed value under the active key (TESSERA_KEK), opening the others
 * with TESSERA_KEK_PREVIOUS. Each value is its own update, so an interrupted run is finished by running it again.
 * Answers the lines to print.
 */
export async function rotateKeyEncryptionKey(db: Db, keys: KeyEncryptionKeys): Promise<string[]> {
  const resealed = await resealUnderActiveKey(db, keys)
  const left = await countNotUnderActiveKey(db, keys)
  if (left > 0) throw new Error(`${left} sealed values are still under another key (written during the rotation?): run keys rotate again`)
  return [
    `Re-sealed ${resealed} values under key-encryption key ${keys.activeKeyId}; every sealed value is now under it.`,
    'Servers still configured with the old key as TESSERA_KEK must move to the new one; then remove TESSERA_KEK_PREVIOUS.',
  ]
}
