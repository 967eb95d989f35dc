import type { Queryable } from '../../db/types.js'

/** Serialises changes to one user's accounts: the per-type and sole-account rules count rows a parallel transaction could change. */
export async function lockUser(tx: Queryable, userId: string): Promise<void> {
  await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId])
}
