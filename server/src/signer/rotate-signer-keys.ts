import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { KeyEncryptionKeys } from '../secrets/key-encryption-keys.js'
import { countNotUnderActiveKey, resealUnderActiveKey } from '../secrets/reseal.js'
import { signerKeysColumn } from './key-seal.js'
import { openSignerStore, type SignerStoreSettings } from './key-store.js'

/**
 * `keys rotate` for the signer's store: re-seals every wallet key under the active key-encryption key, one row at a
 * time (re-running finishes an interrupted run). A PGlite store that was never created is left alone. Answers the lines to print.
 */
export async function rotateSignerKeys(store: SignerStoreSettings, keys: KeyEncryptionKeys): Promise<string[]> {
  if (!store.databaseUrl && !existsSync(join(store.dataDir, 'pgdata', 'PG_VERSION'))) return []
  const db = await openSignerStore(store)
  try {
    const resealed = await resealUnderActiveKey(db, keys, [signerKeysColumn])
    const left = await countNotUnderActiveKey(db, keys, [signerKeysColumn])
    if (left > 0) throw new Error(`${left} signer keys are still under another key (written during the rotation?): run keys rotate again`)
    return [`Re-sealed ${resealed} server-managed wallet keys in the signer's store under key-encryption key ${keys.activeKeyId}.`]
  } finally {
    await db.close()
  }
}
