import { USER_DID_PREFIX } from '../../../src/protocol/index.js'
import { randomId } from '../apps/app-id.js'
import type { Queryable } from '../db/types.js'

export const newUserId = () => `${USER_DID_PREFIX}${randomId(25)}`

/** The user owning the account `(type, address)` in the app, or null. */
export async function findUserIdByAccount(db: Queryable, appId: string, type: string, address: string): Promise<string | null> {
  const [row] = await db.query<{ user_id: string }>('SELECT user_id FROM linked_accounts WHERE app_id = $1 AND type = $2 AND address = $3', [
    appId,
    type,
    address,
  ])
  return row?.user_id ?? null
}

export async function createUser(db: Queryable, appId: string, now: number): Promise<string> {
  const id = newUserId()
  await db.query('INSERT INTO users (id, app_id, created_at) VALUES ($1, $2, $3)', [id, appId, now])
  return id
}

type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue }
/** Extra per-type fields of an account (OAuth profile, phone display form, a cross-app account's wallets...), stored as jsonb. */
export type AccountDetails = Record<string, JsonValue>

export async function addLinkedAccount(
  db: Queryable,
  appId: string,
  userId: string,
  type: string,
  address: string,
  now: number,
  details: AccountDetails = {},
): Promise<void> {
  await db.query(
    `INSERT INTO linked_accounts (app_id, user_id, type, address, verified_at, first_verified_at, latest_verified_at, details)
     VALUES ($1, $2, $3, $4, $5, $5, $5, $6)`,
    [appId, userId, type, address, now, JSON.stringify(details)],
  )
}

/**
 * The UPDATE that records a fresh verification of `($1 app, $2 type, $3 address)` at `$4`, merging the details `$5`
 * (jsonb or null) over the stored ones: fields a sign-in does not carry (a Farcaster signer key) stay, and an embedded
 * wallet's details are the wallet server's (a SIWE sign-in with its address must not relabel it external).
 */
export const touchLinkedAccountSql = `UPDATE linked_accounts SET latest_verified_at = $4,
  details = CASE WHEN $5::jsonb IS NULL OR details->>'connector_type' = 'embedded' THEN details ELSE COALESCE(details, '{}'::jsonb) || $5::jsonb END
  WHERE app_id = $1 AND type = $2 AND address = $3`

/** Records a fresh verification; given details (a refreshed OAuth profile) replace the stored ones. */
export async function touchLinkedAccount(db: Queryable, appId: string, type: string, address: string, now: number, details?: AccountDetails): Promise<void> {
  await db.query(touchLinkedAccountSql, [appId, type, address, now, details === undefined ? null : JSON.stringify(details)])
}

/** Embedded wallets are not linked by the user, so they never count against a linking limit. */
export async function countLinkedAccountsOfType(db: Queryable, userId: string, type: string): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM linked_accounts WHERE user_id = $1 AND type = $2 AND COALESCE(details->>'connector_type', '') <> 'embedded'",
    [userId, type],
  )
  return row?.n ?? 0
}

export async function countUsers(db: Queryable, appId: string): Promise<number> {
  const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE app_id = $1', [appId])
  return row?.n ?? 0
}

/** Moves an account to another user (account transfer). */
export async function moveLinkedAccount(db: Queryable, appId: string, type: string, address: string, toUserId: string, now: number): Promise<void> {
  await db.query('UPDATE linked_accounts SET user_id = $4, latest_verified_at = $5 WHERE app_id = $1 AND type = $2 AND address = $3', [
    appId,
    type,
    address,
    toUserId,
    now,
  ])
}

export async function deleteUser(db: Queryable, appId: string, userId: string): Promise<void> {
  await db.query('DELETE FROM users WHERE id = $1 AND app_id = $2', [userId, appId])
}

export async function clearGuestFlag(db: Queryable, userId: string): Promise<void> {
  await db.query('UPDATE users SET is_guest = false WHERE id = $1', [userId])
}

export async function countLinkedAccounts(db: Queryable, userId: string): Promise<number> {
  const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM linked_accounts WHERE user_id = $1', [userId])
  return row?.n ?? 0
}

export async function removeLinkedAccount(db: Queryable, appId: string, type: string, address: string): Promise<void> {
  await db.query('DELETE FROM linked_accounts WHERE app_id = $1 AND type = $2 AND address = $3', [appId, type, address])
}

/** Replaces an account's address; the new address counts as first verified now. */
export async function replaceLinkedAccountAddress(db: Queryable, appId: string, type: string, from: string, to: string, now: number): Promise<void> {
  await db.query(
    'UPDATE linked_accounts SET address = $4, verified_at = $5, first_verified_at = $5, latest_verified_at = $5 WHERE app_id = $1 AND type = $2 AND address = $3',
    [appId, type, from, to, now],
  )
}
