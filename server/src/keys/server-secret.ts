import { randomBytes } from 'node:crypto'
import type { Db } from '../db/types.js'

/** A named random secret kept in the database (e.g. the OTP HMAC key), created once and shared by every process. */
export async function loadServerSecret(db: Db, name: string): Promise<Buffer> {
  await db.query('INSERT INTO server_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
    name,
    randomBytes(32).toString('base64url'),
  ])
  const [row] = await db.query<{ value: string }>('SELECT value FROM server_secrets WHERE name = $1', [name])
  if (!row) throw new Error(`Server secret ${name} is missing`)
  return Buffer.from(row.value, 'base64url')
}
