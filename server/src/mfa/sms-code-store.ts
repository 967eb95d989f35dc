import { createHmac } from 'node:crypto'
import { OTP_MAX_ATTEMPTS } from '../../../src/protocol/index.js'
import type { ServerContext } from '../context.js'

/** 'enroll' codes go to a phone being added; 'verify' codes to the enrolled MFA phone. */
export type MfaSmsPurpose = 'enroll' | 'verify'

type CodeContext = Pick<ServerContext, 'db' | 'clock' | 'secret'>

/** HMAC of the code bound to the user, purpose and phone: the table never holds a usable code, and an enrol code only fits its phone. */
const hashCode = (secret: Buffer, userId: string, purpose: MfaSmsPurpose, phoneNumber: string, code: string) =>
  createHmac('sha256', secret).update(`mfa-sms\n${userId}\n${purpose}\n${phoneNumber}\n${code}`).digest('base64url')

/** Stores the user's new code for `purpose`, valid `ttlSeconds`; the previous one stops working. */
export async function storeMfaSmsCode(
  ctx: CodeContext,
  userId: string,
  purpose: MfaSmsPurpose,
  phoneNumber: string,
  code: string,
  ttlSeconds: number,
): Promise<void> {
  const now = ctx.clock.now()
  await ctx.db.query(
    `INSERT INTO mfa_sms_codes (user_id, purpose, code_hash, attempts, expires_at, consumed_at) VALUES ($1, $2, $3, 0, $4, NULL)
     ON CONFLICT (user_id, purpose) DO UPDATE SET code_hash = $3, attempts = 0, expires_at = $4, consumed_at = NULL`,
    [userId, purpose, hashCode(ctx.secret, userId, purpose, phoneNumber, code), now + ttlSeconds * 1000],
  )
}

/**
 * Spends one attempt on the user's live code in one conditional UPDATE (parallel guesses cannot pass the attempt
 * cap, and only one can consume it): 'expired' when there is no live code (none, spent, timed out or out of attempts).
 */
export async function consumeMfaSmsCode(
  ctx: CodeContext,
  userId: string,
  purpose: MfaSmsPurpose,
  phoneNumber: string,
  code: string,
): Promise<'ok' | 'wrong' | 'expired'> {
  const now = ctx.clock.now()
  const rows = await ctx.db.query<{ consumed_at: number | null }>(
    `UPDATE mfa_sms_codes SET attempts = attempts + 1, consumed_at = CASE WHEN code_hash = $3 THEN $4::bigint ELSE NULL END
     WHERE user_id = $1 AND purpose = $2 AND consumed_at IS NULL AND attempts < $5 AND expires_at > $4::bigint
     RETURNING consumed_at`,
    [userId, purpose, hashCode(ctx.secret, userId, purpose, phoneNumber, code), now, OTP_MAX_ATTEMPTS],
  )
  if (!rows[0]) return 'expired'
  return rows[0].consumed_at === null ? 'wrong' : 'ok'
}
