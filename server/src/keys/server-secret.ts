import { randomBytes } from 'node:crypto'
import type { Db, Queryable } from '../db/types.js'
import type { KeyEncryptionKeys } from '../secrets/key-encryption-keys.js'
import { openText, sealText } from '../secrets/sealed-text.js'

/** Binds a sealed server secret to its name: one secret's row cannot stand in for another's. */
export const serverSecretAad = (name: string) => `server_secrets.value\n${name}`

/**
 * A named random secret shared by every process (e.g. the OTP HMAC key), created once and kept in the database
 * sealed with the key-encryption key.
 */
export async function loadServerSecret(db: Db, keys: KeyEncryptionKeys, name: string): Promise<Buffer> {
  await db.query('INSERT INTO server_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
    name,
    await sealText(keys, randomBytes(32).toString('base64url'), serverSecretAad(name)),
  ])
  const [row] = await db.query<{ value: string }>('SELECT value FROM server_secrets WHERE name = $1', [name])
  if (!row) throw new Error(`Server secret ${name} is missing`)
  return Buffer.from(await openText(keys, row.value, serverSecretAad(name)), 'base64url')
}

/** Sets (or replaces) a secret the operator gives (an app's paymaster or fee-payer key), sealed under its name. */
export async function storeGivenSecret(db: Queryable, keys: KeyEncryptionKeys, name: string, value: string): Promise<void> {
  await db.query('INSERT INTO server_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value', [
    name,
    await sealText(keys, value, serverSecretAad(name)),
  ])
}

/** A given secret in clear for one request, or null when none was set. */
export async function readGivenSecret(db: Queryable, keys: KeyEncryptionKeys, name: string): Promise<string | null> {
  const [row] = await db.query<{ value: string }>('SELECT value FROM server_secrets WHERE name = $1', [name])
  return row ? openText(keys, row.value, serverSecretAad(name)) : null
}
