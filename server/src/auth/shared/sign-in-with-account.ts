import type { Queryable } from '../../db/types.js'
import { newSessionValues, type IssuedSession } from '../../sessions/store.js'
import { newUserId, touchLinkedAccountSql, type AccountDetails } from '../../users/store.js'

export interface AccountSignIn {
  appId: string
  type: string
  key: string
  details?: AccountDetails | undefined
  now: number
  /** Whether an account no user holds yet signs a new user up (false: nobody is signed in). */
  signupAllowed: boolean
}

export type AccountSignInOutcome =
  | { userId: string; isNewUser: boolean; session: IssuedSession }
  /** A returning user with a sign-in authenticator app: the account's verification is recorded, no session started. */
  | { userId: string; isNewUser: false; mfaRequired: true }
  /** Nobody holds the account and sign-up was not allowed. */
  | null

/*
 * One statement, so one round trip and its own transaction (issue 19): record a returning user's verification, or
 * create the user and the account, then start a session unless the user must pass a second factor. Two first sign-ins
 * with one new account race on the account's unique key: the loser's statement fails whole (23505) and is retried.
 */
const signInSql = `WITH touched AS (${touchLinkedAccountSql} RETURNING user_id),
new_user AS (
  INSERT INTO users (id, app_id, created_at) SELECT $6::text, $1::text, $4::bigint WHERE $7::boolean AND NOT EXISTS (SELECT 1 FROM touched) RETURNING id),
new_account AS (
  INSERT INTO linked_accounts (app_id, user_id, type, address, verified_at, first_verified_at, latest_verified_at, details)
  SELECT $1::text, id, $2::text, $3::text, $4::bigint, $4::bigint, $4::bigint, COALESCE($5::jsonb, '{}'::jsonb) FROM new_user),
signed_in AS (SELECT user_id, false AS is_new_user FROM touched UNION ALL SELECT id, true FROM new_user),
mfa AS (SELECT EXISTS (SELECT 1 FROM login_mfa_totp WHERE user_id IN (SELECT user_id FROM touched)) AS required),
session AS (
  INSERT INTO sessions (id, app_id, user_id, created_at, expires_at)
  SELECT $8::text, $1::text, user_id, $4::bigint, $9::bigint FROM signed_in, mfa WHERE NOT mfa.required RETURNING id),
refresh AS (INSERT INTO refresh_tokens (token_hash, session_id, created_at, expires_at) SELECT $10::text, id, $4::bigint, $9::bigint FROM session)
SELECT signed_in.user_id, signed_in.is_new_user, mfa.required AS mfa_required FROM signed_in, mfa`

/** Signs the holder of an account in (or up) in one statement; see `signInSql`. */
export async function signInWithAccount(db: Queryable, params: AccountSignIn): Promise<AccountSignInOutcome> {
  const session = newSessionValues(params.now)
  const details = params.details === undefined ? null : JSON.stringify(params.details)
  const [row] = await db.query<{ user_id: string; is_new_user: boolean; mfa_required: boolean }>(signInSql, [
    params.appId,
    params.type,
    params.key,
    params.now,
    details,
    newUserId(),
    params.signupAllowed,
    session.sessionId,
    session.expiresAt,
    session.refreshTokenHash,
  ])
  if (!row) return null
  if (row.mfa_required) return { userId: row.user_id, isNewUser: false, mfaRequired: true }
  return { userId: row.user_id, isNewUser: row.is_new_user, session: { sessionId: session.sessionId, refreshToken: session.refreshToken } }
}
