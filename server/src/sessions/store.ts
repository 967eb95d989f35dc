import { REFRESH_TOKEN_TTL_SECONDS, SESSION_MAX_LIFETIME_SECONDS } from '../../../src/protocol/index.js'
import type { ServerContext } from '../context.js'
import type { Queryable } from '../db/types.js'
import { invalidToken } from '../http/api-error.js'
import { randomId } from '../apps/app-id.js'
import { hashRefreshToken, newRefreshToken, successorRefreshToken } from './refresh-token.js'

const REFRESH_TTL_MS = REFRESH_TOKEN_TTL_SECONDS * 1000
const SESSION_MAX_LIFETIME_MS = SESSION_MAX_LIFETIME_SECONDS * 1000

export interface IssuedSession {
  sessionId: string
  refreshToken: string
}

/** A new session's id, first refresh token (and its stored hash) and expiry: what `createSession` and the one-statement sign-in insert. */
export function newSessionValues(now: number): IssuedSession & { refreshTokenHash: string; expiresAt: number } {
  const refreshToken = newRefreshToken()
  return { sessionId: randomId(25), refreshToken, refreshTokenHash: hashRefreshToken(refreshToken), expiresAt: now + REFRESH_TTL_MS }
}

/** Starts a session for the user and returns its first refresh token. */
export async function createSession(db: Queryable, appId: string, userId: string, now: number): Promise<IssuedSession> {
  const session = newSessionValues(now)
  await db.query(
    `WITH session AS (INSERT INTO sessions (id, app_id, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4, $5) RETURNING id)
     INSERT INTO refresh_tokens (token_hash, session_id, created_at, expires_at) SELECT $6::text, id, $4::bigint, $5::bigint FROM session`,
    [session.sessionId, appId, userId, now, session.expiresAt, session.refreshTokenHash],
  )
  return { sessionId: session.sessionId, refreshToken: session.refreshToken }
}

interface TokenRow {
  session_id: string
  expires_at: number
  rotated_at: number | null
  app_id: string
  user_id: string
  revoked_at: number | null
  session_created_at: number
  session_expires_at: number
}

async function findRefreshToken(db: Queryable, hash: string): Promise<TokenRow | undefined> {
  const [row] = await db.query<TokenRow>(
    `SELECT rt.session_id, rt.expires_at, rt.rotated_at, s.app_id, s.user_id, s.revoked_at, s.created_at AS session_created_at, s.expires_at AS session_expires_at
     FROM refresh_tokens rt JOIN sessions s ON s.id = rt.session_id WHERE rt.token_hash = $1`,
    [hash],
  )
  return row
}

export interface RotatedSession {
  sessionId: string
  userId: string
  refreshToken: string
}

type RotationOutcome = { ok: RotatedSession } | { reuse: string } | { invalid: true }

/**
 * One statement: finds the token with its session and, when the token is unrotated, of `appId`, unexpired and its
 * session live (the rule of `isSessionLive`, in SQL), rotates it, inserts the successor and moves the session on.
 * A concurrent claim of the same token waits for the first and then claims nothing.
 */
const claimSql = `WITH found AS (
    SELECT rt.session_id, rt.expires_at, rt.rotated_at, s.app_id, s.user_id, s.revoked_at, s.created_at AS session_created_at, s.expires_at AS session_expires_at
    FROM refresh_tokens rt JOIN sessions s ON s.id = rt.session_id WHERE rt.token_hash = $1
  ), claimed AS (
    UPDATE refresh_tokens rt SET rotated_at = $3 FROM found
    WHERE rt.token_hash = $1 AND rt.rotated_at IS NULL AND found.app_id = $2 AND found.expires_at > $3
      AND found.revoked_at IS NULL AND found.session_expires_at > $3 AND found.session_created_at + $6::bigint > $3
    RETURNING rt.session_id
  ), successor AS (
    INSERT INTO refresh_tokens (token_hash, session_id, created_at, expires_at)
    SELECT $4::text, session_id, $3::bigint, $5::bigint FROM claimed ON CONFLICT (token_hash) DO NOTHING
  ), advanced AS (
    UPDATE sessions SET refreshed_count = refreshed_count + 1, expires_at = $5::bigint FROM claimed WHERE sessions.id = claimed.session_id
  )
  SELECT found.*, EXISTS (SELECT 1 FROM claimed) AS claimed FROM found`

async function claimRefreshToken(
  db: Queryable,
  hash: string,
  appId: string,
  now: number,
  childHash: string,
): Promise<(TokenRow & { claimed: boolean }) | undefined> {
  const [row] = await db.query<TokenRow & { claimed: boolean }>(claimSql, [hash, appId, now, childHash, now + REFRESH_TTL_MS, SESSION_MAX_LIFETIME_MS])
  return row
}

/** What presenting `token` does; the claim is the first statement, the re-read happens only when another request claimed first. */
async function rotationOutcome(
  ctx: Pick<ServerContext, 'db' | 'secret' | 'refreshGraceSeconds'>,
  appId: string,
  token: string,
  now: number,
): Promise<RotationOutcome> {
  const hash = hashRefreshToken(token)
  const child = successorRefreshToken(ctx.secret, token)
  const claim = await claimRefreshToken(ctx.db, hash, appId, now, hashRefreshToken(child))
  let row: TokenRow | undefined = claim
  if (!row || row.app_id !== appId || row.expires_at <= now) return { invalid: true }
  if (!isSessionLive({ revoked_at: row.revoked_at, expires_at: row.session_expires_at, created_at: row.session_created_at }, now)) return { invalid: true }
  if (row.rotated_at === null) {
    if (claim?.claimed) return { ok: { sessionId: row.session_id, userId: row.user_id, refreshToken: child } }
    // Another request rotated it first; read its committed state.
    row = await findRefreshToken(ctx.db, hash)
    if (!row || row.revoked_at !== null || row.rotated_at === null) return { invalid: true }
  }
  if (now - row.rotated_at <= ctx.refreshGraceSeconds * 1000) return { ok: { sessionId: row.session_id, userId: row.user_id, refreshToken: child } }
  return { reuse: row.session_id }
}

/**
 * Rotates `token`: the first presenter moves the session forward once; presenters inside the grace
 * window get the same successor; a rotated token presented later revokes the whole session.
 */
export async function rotateRefreshToken(
  ctx: Pick<ServerContext, 'db' | 'clock' | 'secret' | 'refreshGraceSeconds'>,
  appId: string,
  token: string,
): Promise<RotatedSession> {
  const now = ctx.clock.now()
  const outcome = await rotationOutcome(ctx, appId, token, now)
  if ('ok' in outcome) return outcome.ok
  // Reuse after the grace window means the token leaked: revoke the session.
  if ('reuse' in outcome) await revokeSession(ctx.db, outcome.reuse, now)
  throw invalidToken('Invalid refresh token')
}

export async function revokeSession(db: Queryable, sessionId: string, now: number): Promise<void> {
  await db.query('UPDATE sessions SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL', [sessionId, now])
}

/**
 * Ends the user's sessions in the app at once (their refresh tokens and access tokens stop working), except
 * `keepSessionId`: the session that made a security change keeps going; null ends them all ("log out everywhere").
 */
export async function revokeOtherSessions(
  db: Queryable,
  { userId, appId, keepSessionId, now }: { userId: string; appId?: string; keepSessionId: string | null; now: number },
): Promise<void> {
  await db.query(
    `UPDATE sessions SET revoked_at = $4
     WHERE user_id = $1 AND ($2::text IS NULL OR app_id = $2) AND ($3::text IS NULL OR id <> $3) AND revoked_at IS NULL`,
    [userId, appId ?? null, keepSessionId, now],
  )
}

/** The session holding `token`, if any (for logout). */
export async function sessionIdOfRefreshToken(db: Queryable, appId: string, token: string): Promise<string | null> {
  const row = await findRefreshToken(db, hashRefreshToken(token))
  return row && row.app_id === appId ? row.session_id : null
}

interface SessionTimes {
  revoked_at: number | null
  expires_at: number
  created_at: number
}

/**
 * The one rule for whether a session may still be used (`claimSql` says it in SQL too: change both) or mint a token: not revoked, not idle past its expiry
 * (moved on by each rotation), and within its absolute lifetime, which no activity stretches (docs/security.md #35, #36, #63).
 */
export function isSessionLive(session: SessionTimes, now: number): boolean {
  return session.revoked_at === null && Number(session.expires_at) > now && Number(session.created_at) + SESSION_MAX_LIFETIME_MS > now
}

export async function isSessionActive(db: Queryable, sessionId: string, userId: string, appId: string, now: number): Promise<boolean> {
  const [row] = await db.query<SessionTimes>('SELECT revoked_at, expires_at, created_at FROM sessions WHERE id = $1 AND user_id = $2 AND app_id = $3', [
    sessionId,
    userId,
    appId,
  ])
  return !!row && isSessionLive(row, now)
}
