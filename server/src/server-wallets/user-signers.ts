import { randomBytes } from 'node:crypto'
import { SESSION_MAX_LIFETIME_SECONDS, type RegisterUserSignerResponse } from '../../../src/protocol/index.js'
import type { AppRecord } from '../apps/types.js'
import { lockUser } from '../auth/shared/lock-user.js'
import type { ServerContext } from '../context.js'
import type { Queryable } from '../db/types.js'
import { invalidData, invalidToken } from '../http/api-error.js'
import type { AccessClaims } from '../sessions/tokens.js'
import { parseP256PublicKey, p256PublicKeyText } from './p256-key.js'

/** Live user signers per user: a new one (another device, a reload) drops the oldest beyond this. */
export const MAX_USER_SIGNERS_PER_USER = 5
/** A user signer authorizes for at most a day, even on a session that lives longer: a stolen frame key ages out. */
export const USER_SIGNER_MAX_LIFETIME_MS = 24 * 60 * 60 * 1000

/**
 * Registers the caller's P-256 public key as a user signer of this session: it expires with the session (its refresh
 * lifetime) or after a day, whichever is sooner, and ends when the session does (logout deletes it with the session).
 */
export async function registerUserSigner(ctx: ServerContext, app: AppRecord, claims: AccessClaims, publicKeyText: string): Promise<RegisterUserSignerResponse> {
  const key = parseP256PublicKey(publicKeyText)
  if (!key) throw invalidData('Invalid request body: public_key: must be a base64 SPKI P-256 public key')
  const now = ctx.clock.now()
  return ctx.db.transaction(async (tx) => {
    await lockUser(tx, claims.userId)
    const [session] = await tx.query<{ expires_at: number | string }>(
      'SELECT expires_at FROM sessions WHERE id = $1 AND user_id = $2 AND app_id = $3 AND revoked_at IS NULL',
      [claims.sessionId, claims.userId, app.id],
    )
    if (!session) throw invalidToken()
    const expiresAt = Math.min(Number(session.expires_at), now + USER_SIGNER_MAX_LIFETIME_MS)
    await tx.query(
      'INSERT INTO wallet_user_signers (id, app_id, user_id, session_id, public_key, expires_at, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)',
      [randomBytes(12).toString('hex'), app.id, claims.userId, claims.sessionId, p256PublicKeyText(key), expiresAt, now],
    )
    await dropOldestUserSigners(tx, app.id, claims.userId, now)
    return { expires_at: expiresAt }
  })
}

async function dropOldestUserSigners(tx: Queryable, appId: string, userId: string, now: number): Promise<void> {
  await tx.query(
    `DELETE FROM wallet_user_signers WHERE app_id = $1 AND user_id = $2 AND (expires_at <= $3 OR id IN (
       SELECT id FROM wallet_user_signers WHERE app_id = $1 AND user_id = $2 AND expires_at > $3 ORDER BY created_at DESC, id OFFSET $4))`,
    [appId, userId, now, MAX_USER_SIGNERS_PER_USER],
  )
}

/** A live signer's public key, and when its session's longest life ends. */
export interface LiveUserSigner {
  publicKey: string
  sessionEndsAt: number
}

/** The user's live signers (of `sessionId` only, when given): unexpired, on a session neither revoked nor past its lifetime. */
export async function liveUserSigners(db: Queryable, appId: string, userId: string, now: number, sessionId?: string): Promise<LiveUserSigner[]> {
  const rows = await db.query<{ public_key: string; session_created_at: number | string }>(
    `SELECT u.public_key, s.created_at AS session_created_at FROM wallet_user_signers u JOIN sessions s ON s.id = u.session_id
     WHERE u.app_id = $1 AND u.user_id = $2 AND u.expires_at > $3 AND s.revoked_at IS NULL AND s.expires_at > $3 AND s.created_at > $4
       AND ($5::text IS NULL OR u.session_id = $5)`,
    [appId, userId, now, now - SESSION_MAX_LIFETIME_SECONDS * 1000, sessionId ?? null],
  )
  return rows.map((row) => ({ publicKey: row.public_key, sessionEndsAt: Number(row.session_created_at) + SESSION_MAX_LIFETIME_SECONDS * 1000 }))
}
