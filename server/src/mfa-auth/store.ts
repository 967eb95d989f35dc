import { createHash, randomBytes } from 'node:crypto'
import { LOGIN_MFA_TOKEN_TTL_SECONDS, MFA_TOKEN_TTL_SECONDS } from '../../../src/protocol/index.js'
import type { Queryable } from '../db/types.js'

/** Sign-in MFA's rows (migration 12): the user's sign-in authenticator app, pending sign-ins, verified sessions. */

export interface LoginTotpRow {
  secret_sealed: string
  last_step: number | null
}

export async function findLoginTotp(db: Queryable, userId: string): Promise<LoginTotpRow | null> {
  const [row] = await db.query<LoginTotpRow>('SELECT secret_sealed, last_step FROM login_mfa_totp WHERE user_id = $1', [userId])
  return row ?? null
}

export async function saveLoginTotp(db: Queryable, appId: string, userId: string, secretSealed: string, step: number, now: number): Promise<void> {
  await db.query(
    `INSERT INTO login_mfa_totp (user_id, app_id, secret_sealed, last_step, verified_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (user_id) DO UPDATE SET secret_sealed = $3, last_step = $4, verified_at = $5`,
    [userId, appId, secretSealed, step, now],
  )
}

export async function removeLoginTotp(db: Queryable, userId: string): Promise<void> {
  await db.query('DELETE FROM login_mfa_totp WHERE user_id = $1', [userId])
}

/** Records `step` as the last one used; false when it (or a later one) was used already: a replayed code (docs/security.md #50). */
export async function spendLoginTotpStep(db: Queryable, userId: string, step: number): Promise<boolean> {
  const rows = await db.query('UPDATE login_mfa_totp SET last_step = $2 WHERE user_id = $1 AND (last_step IS NULL OR last_step < $2) RETURNING 1', [
    userId,
    step,
  ])
  return rows.length > 0
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url')

/** A pending sign-in for the user: the token goes to the client once, only its hash is kept. */
export async function createLoginMfaChallenge(db: Queryable, appId: string, userId: string, now: number): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  await db.query('INSERT INTO login_mfa_challenges (token_hash, app_id, user_id, expires_at) VALUES ($1, $2, $3, $4)', [
    hashToken(token),
    appId,
    userId,
    now + LOGIN_MFA_TOKEN_TTL_SECONDS * 1000,
  ])
  return token
}

/** The user a live pending sign-in belongs to, or null (unknown, expired, spent, or another app's). */
export async function findLoginMfaChallenge(db: Queryable, appId: string, token: string, now: number): Promise<string | null> {
  const [row] = await db.query<{ user_id: string }>('SELECT user_id FROM login_mfa_challenges WHERE token_hash = $1 AND app_id = $2 AND expires_at > $3', [
    hashToken(token),
    appId,
    now,
  ])
  return row?.user_id ?? null
}

/** Ends a pending sign-in; false when another request ended it first (one session per challenge). */
export async function spendLoginMfaChallenge(db: Queryable, token: string): Promise<boolean> {
  return (await db.query('DELETE FROM login_mfa_challenges WHERE token_hash = $1 RETURNING 1', [hashToken(token)])).length > 0
}

export async function markSessionVerified(db: Queryable, sessionId: string, now: number): Promise<void> {
  await db.query('INSERT INTO login_mfa_sessions (session_id, verified_at) VALUES ($1, $2) ON CONFLICT (session_id) DO UPDATE SET verified_at = $2', [
    sessionId,
    now,
  ])
}

/** Whether the session passed sign-in MFA within the last MFA_TOKEN_TTL_SECONDS. */
export async function isSessionFreshlyVerified(db: Queryable, sessionId: string, now: number): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM login_mfa_sessions WHERE session_id = $1 AND verified_at > $2', [sessionId, now - MFA_TOKEN_TTL_SECONDS * 1000])
  return rows.length > 0
}
