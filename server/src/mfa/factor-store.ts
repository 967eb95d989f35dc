import type { MfaMethod } from '../../../src/protocol/index.js'
import type { Queryable } from '../db/types.js'

/** One enrolled MFA factor of a user (`mfa_factors`); a passkey factor stands for the user's passkeys marked `enrolled_in_mfa`. */
export interface MfaFactorRow {
  type: MfaMethod
  verified_at: number
  phone_number: string | null
  totp_secret_sealed: string | null
  totp_last_step: number | null
}

/** The user's enrolled factors, oldest first (the order the client offers them in). */
export async function listMfaFactors(db: Queryable, userId: string): Promise<MfaFactorRow[]> {
  return db.query<MfaFactorRow>(
    'SELECT type, verified_at, phone_number, totp_secret_sealed, totp_last_step FROM mfa_factors WHERE user_id = $1 ORDER BY verified_at, type',
    [userId],
  )
}

export async function findMfaFactor(db: Queryable, userId: string, type: MfaMethod): Promise<MfaFactorRow | null> {
  return (await listMfaFactors(db, userId)).find((factor) => factor.type === type) ?? null
}

export async function hasAnyMfaFactor(db: Queryable, userId: string): Promise<boolean> {
  return (await db.query('SELECT 1 FROM mfa_factors WHERE user_id = $1 LIMIT 1', [userId])).length > 0
}

/** Enrols (or replaces) the user's factor of `type`. */
export async function saveMfaFactor(
  db: Queryable,
  appId: string,
  userId: string,
  type: MfaMethod,
  fields: { phoneNumber?: string; totpSecretSealed?: string; totpLastStep?: number },
  now: number,
): Promise<void> {
  await db.query(
    `INSERT INTO mfa_factors (user_id, app_id, type, phone_number, totp_secret_sealed, totp_last_step, verified_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (user_id, type) DO UPDATE SET phone_number = $4, totp_secret_sealed = $5, totp_last_step = $6, verified_at = $7`,
    [userId, appId, type, fields.phoneNumber ?? null, fields.totpSecretSealed ?? null, fields.totpLastStep ?? null, now],
  )
}

export async function removeMfaFactor(db: Queryable, userId: string, type: MfaMethod): Promise<void> {
  await db.query('DELETE FROM mfa_factors WHERE user_id = $1 AND type = $2', [userId, type])
}

/** Records `step` as the last TOTP step used; false when that step (or a later one) was used already: a replayed code (docs/security.md #50). */
export async function spendTotpStep(db: Queryable, userId: string, step: number): Promise<boolean> {
  const rows = await db.query(
    `UPDATE mfa_factors SET totp_last_step = $2 WHERE user_id = $1 AND type = 'totp' AND (totp_last_step IS NULL OR totp_last_step < $2) RETURNING 1`,
    [userId, step],
  )
  return rows.length > 0
}
