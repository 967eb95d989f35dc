import { SESSION_MAX_LIFETIME_SECONDS } from '../../../src/protocol/index.js'
import type { Queryable } from '../db/types.js'

/**
 * Single-use records that are dead once expired (a spent OAuth or cross-app code is kept until then for replay
 * detection), and refresh tokens past their own expiry.
 */
const expiringTables = [
  'otp_codes',
  'oauth_states',
  'recovery_oauth_states',
  'oauth_codes',
  'account_transfers',
  'captcha_solutions',
  'mfa_pending_totp',
  'mfa_sms_codes',
  'wallet_nonces',
  'passkey_challenges',
  'farcaster_channels',
  'cross_app_codes',
  'refresh_tokens',
  'wallet_user_signers',
  'used_authorization_signatures',
] as const

/** How often a running server prunes; each process does it, and the deletes are idempotent. */
export const PRUNE_INTERVAL_MS = 10 * 60 * 1000
/** Longer than every rate-limit window, so a pruned bucket is one whose window has ended (settings.test checks). */
export const RATE_LIMIT_RETENTION_MS = 24 * 60 * 60 * 1000
/** Dev-outbox messages carry codes that live at most 10 minutes; an hour is plenty to read them. */
export const DEV_OUTBOX_RETENTION_MS = 60 * 60 * 1000

/**
 * Deletes every row whose time has passed: one-time records, sessions idle past their expiry or past their absolute
 * lifetime (their refresh tokens go with them), rate-limit buckets whose window ended and old dev-outbox messages.
 * Returns how many rows went.
 */
export async function pruneExpired(db: Queryable, now: number): Promise<number> {
  let removed = 0
  const prune = async (sql: string, params: unknown[]) => {
    removed += (await db.query(`${sql} RETURNING 1`, params)).length
  }
  for (const table of expiringTables) await prune(`DELETE FROM ${table} WHERE expires_at <= $1`, [now])
  await prune('DELETE FROM sessions WHERE expires_at <= $1 OR created_at <= $2', [now, now - SESSION_MAX_LIFETIME_SECONDS * 1000])
  await prune('DELETE FROM rate_limits WHERE window_start <= $1', [now - RATE_LIMIT_RETENTION_MS])
  await prune('DELETE FROM dev_outbox WHERE sent_at <= $1', [now - DEV_OUTBOX_RETENTION_MS])
  return removed
}
