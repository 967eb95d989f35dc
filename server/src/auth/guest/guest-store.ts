import type { Queryable } from '../../db/types.js'

export async function findGuestUserId(db: Queryable, appId: string, credentialHash: string): Promise<string | null> {
  const [row] = await db.query<{ user_id: string }>('SELECT user_id FROM guest_credentials WHERE app_id = $1 AND credential_hash = $2', [appId, credentialHash])
  return row?.user_id ?? null
}

/** Marks a just-created user as a guest and binds the credential to them (its primary key settles races). */
export async function recordGuest(db: Queryable, appId: string, userId: string, credentialHash: string, now: number): Promise<void> {
  await db.query('UPDATE users SET is_guest = true WHERE id = $1 AND app_id = $2', [userId, appId])
  await db.query('INSERT INTO guest_credentials (app_id, credential_hash, user_id, created_at) VALUES ($1, $2, $3, $4)', [appId, credentialHash, userId, now])
}
