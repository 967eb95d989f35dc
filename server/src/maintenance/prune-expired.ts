import type { Queryable } from '../db/types.js'

/** Single-use records that are dead once expired (a spent OAuth code is kept until then for replay detection). */
const expiringTables = ['otp_codes', 'oauth_states', 'oauth_codes', 'account_transfers', 'captcha_solutions', 'mfa_pending_totp', 'mfa_sms_codes'] as const

/** How often a running server prunes; each process does it, and the deletes are idempotent. */
export const PRUNE_INTERVAL_MS = 10 * 60 * 1000

/** Deletes expired one-time codes (login and MFA), OAuth states and codes, transfer offers, spent CAPTCHA solutions and unconfirmed TOTP secrets; returns how many went. */
export async function pruneExpired(db: Queryable, now: number): Promise<number> {
  let removed = 0
  for (const table of expiringTables) {
    const rows = await db.query(`DELETE FROM ${table} WHERE expires_at <= $1 RETURNING 1`, [now])
    removed += rows.length
  }
  return removed
}
