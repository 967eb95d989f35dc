import type { Queryable } from '../db/types.js'
import type { KeyEncryptionKeys } from './key-encryption-keys.js'
import { sealedColumns } from './sealed-columns.js'
import { isSealedText, openText, SEALED_PREFIX, sealedPrefixOf, sealText } from './sealed-text.js'

/** Seals every stored value that does not start with `prefix` under the active key, row by row; answers how many. */
async function resealWhereNotPrefixed(db: Queryable, keys: KeyEncryptionKeys, prefix: string): Promise<number> {
  let count = 0
  for (const column of sealedColumns) {
    for (const row of await db.query<{ id: unknown; stored: string }>(column.select, [prefix])) {
      const aad = column.aad(row)
      const plaintext = isSealedText(row.stored) ? await openText(keys, row.stored, aad) : row.stored
      const updated = await db.query(`${column.update} RETURNING 1`, [row.id, await sealText(keys, plaintext, aad), row.stored])
      count += updated.length
    }
  }
  return count
}

/** The start-up migration: seals the plaintext a database from before key-encryption keys still holds. */
export const sealPlaintextSecrets = (db: Queryable, keys: KeyEncryptionKeys) => resealWhereNotPrefixed(db, keys, SEALED_PREFIX)

/** Rotation: re-seals every value not yet under the active key. Each row is its own update, so re-running finishes an interrupted run. */
export const resealUnderActiveKey = (db: Queryable, keys: KeyEncryptionKeys) => resealWhereNotPrefixed(db, keys, sealedPrefixOf(keys.activeKeyId))

/** How many sealed values are not under the active key (zero once a rotation is complete). */
export async function countNotUnderActiveKey(db: Queryable, keys: KeyEncryptionKeys): Promise<number> {
  let count = 0
  for (const column of sealedColumns) count += (await db.query(column.select, [sealedPrefixOf(keys.activeKeyId)])).length
  return count
}
