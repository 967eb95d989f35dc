import type { Queryable } from '../db/types.js'
import type { KeyEncryptionKeys } from './key-encryption-keys.js'
import { sealedColumns, type SealedColumn } from './sealed-columns.js'
import { isSealedText, openBytes, SEALED_PREFIX, sealedPrefixOf, sealBytes } from './sealed-text.js'

/** Seals every stored value that does not start with `prefix` under the active key, row by row; answers how many. */
async function resealWhereNotPrefixed(db: Queryable, keys: KeyEncryptionKeys, prefix: string, columns: SealedColumn[]): Promise<number> {
  let count = 0
  for (const column of columns) {
    for (const row of await db.query<{ id: unknown; stored: string }>(column.select, [prefix])) {
      const aad = column.aad(row)
      const plaintext = isSealedText(row.stored) ? await openBytes(keys, row.stored, aad) : Buffer.from(row.stored, 'utf8')
      try {
        const updated = await db.query(`${column.update} RETURNING 1`, [row.id, await sealBytes(keys, plaintext, aad), row.stored])
        count += updated.length
      } finally {
        plaintext.fill(0)
      }
    }
  }
  return count
}

/** The start-up migration: seals the plaintext a database from before key-encryption keys still holds. */
export const sealPlaintextSecrets = (db: Queryable, keys: KeyEncryptionKeys) => resealWhereNotPrefixed(db, keys, SEALED_PREFIX, sealedColumns)

/**
 * Rotation: re-seals every value not yet under the active key (the API's columns, or the signer's store's). Each row is
 * its own update, so re-running finishes an interrupted run.
 */
export const resealUnderActiveKey = (db: Queryable, keys: KeyEncryptionKeys, columns: SealedColumn[] = sealedColumns) =>
  resealWhereNotPrefixed(db, keys, sealedPrefixOf(keys.activeKeyId), columns)

/** How many sealed values are not under the active key (zero once a rotation is complete). */
export async function countNotUnderActiveKey(db: Queryable, keys: KeyEncryptionKeys, columns: SealedColumn[] = sealedColumns): Promise<number> {
  let count = 0
  for (const column of columns) count += (await db.query(column.select, [sealedPrefixOf(keys.activeKeyId)])).length
  return count
}
