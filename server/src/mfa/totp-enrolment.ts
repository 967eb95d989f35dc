import { randomBytes } from 'node:crypto'
import type { MfaTotpInitResponse } from '../../../src/protocol/index.js'
import type { AppRecord } from '../apps/types.js'
import type { ServerContext } from '../context.js'
import { encodeBase32 } from './base32.js'
import { TOTP_DIGITS, TOTP_STEP_SECONDS } from './totp.js'
import { sealTotpSecret } from './totp-secret-seal.js'

/** RFC 4226's recommended 160-bit secret. */
const SECRET_BYTES = 20
/** How long a shown secret waits for its first code (scanning the QR code included). */
const PENDING_TTL_MS = 15 * 60 * 1000

/** The name the authenticator app lists the account under: the user's email, else phone, else id. */
async function userLabel(ctx: ServerContext, userId: string): Promise<string> {
  const [row] = await ctx.db.query<{ address: string }>(
    "SELECT address FROM linked_accounts WHERE user_id = $1 AND type IN ('email', 'phone') ORDER BY type = 'email' DESC, id LIMIT 1",
    [userId],
  )
  return row?.address ?? userId
}

/** Where a pending secret waits: wallet-action MFA's, or sign-in MFA's (mfa_auth), so one never replaces the other. */
export type PendingTotpTable = 'mfa_pending_totp' | 'login_mfa_pending_totp'

/** A new secret for the user, kept sealed and pending until `totp/enroll` proves the app holds it. */
export async function startTotpEnrolment(
  ctx: ServerContext,
  app: AppRecord,
  userId: string,
  table: PendingTotpTable = 'mfa_pending_totp',
): Promise<MfaTotpInitResponse> {
  const bytes = randomBytes(SECRET_BYTES)
  const sealed = sealTotpSecret(ctx.secret, userId, bytes)
  const secret = encodeBase32(bytes)
  await ctx.db.query(
    `INSERT INTO ${table} (user_id, secret_sealed, expires_at) VALUES ($1, $2, $3)
     ON CONFLICT (user_id) DO UPDATE SET secret_sealed = $2, expires_at = $3`,
    [userId, sealed, ctx.clock.now() + PENDING_TTL_MS],
  )
  const issuer = encodeURIComponent(app.name)
  const query = `secret=${secret}&issuer=${issuer}&algorithm=SHA1&digits=${TOTP_DIGITS}&period=${TOTP_STEP_SECONDS}`
  return { totpSecret: secret, totpAuthUrl: `otpauth://totp/${issuer}:${encodeURIComponent(await userLabel(ctx, userId))}?${query}` }
}
