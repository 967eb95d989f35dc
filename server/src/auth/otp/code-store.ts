import { createHmac } from 'node:crypto'
import { OTP_MAX_ATTEMPTS } from '../../../../src/protocol/index.js'
import type { ServerContext } from '../../context.js'

/**
 * What a code is for. 'login' codes are sent to signed-out callers; codes sent to a signed-in caller
 * are bound to that user (`link:<user id>`) and serve the link and update endpoints, because `init`
 * is one endpoint for all three flows.
 */
export type CodePurpose = 'login' | `link:${string}`

export interface CodeKey {
  appId: string
  identifier: string
  purpose: CodePurpose
}

/** HMAC of the code bound to its key, so the table never holds a usable code. */
const hashCode = (secret: Buffer, key: CodeKey, code: string) =>
  createHmac('sha256', secret).update(`${key.appId}\n${key.identifier}\n${key.purpose}\n${code}`).digest('base64url')

/** Stores a new code for the key, valid `ttlSeconds`; any previous code for it stops working (attempts reset). */
export async function storeCode(ctx: Pick<ServerContext, 'db' | 'clock' | 'secret'>, key: CodeKey, code: string, ttlSeconds: number): Promise<void> {
  const now = ctx.clock.now()
  await ctx.db.query(
    `INSERT INTO otp_codes (app_id, identifier, purpose, code_hash, attempts, created_at, expires_at, consumed_at)
     VALUES ($1, $2, $3, $4, 0, $5, $6, NULL)
     ON CONFLICT (app_id, identifier, purpose) DO UPDATE SET code_hash = $4, attempts = 0, created_at = $5, expires_at = $6, consumed_at = NULL`,
    [key.appId, key.identifier, key.purpose, hashCode(ctx.secret, key, code), now, now + ttlSeconds * 1000],
  )
}

/**
 * Spends one attempt on the key's live code and consumes it when `code` matches, in one conditional
 * UPDATE: concurrent submissions cannot exceed the attempt cap, and only one can consume the code.
 */
export async function consumeCode(ctx: Pick<ServerContext, 'db' | 'clock' | 'secret'>, key: CodeKey, code: string): Promise<boolean> {
  const now = ctx.clock.now()
  const rows = await ctx.db.query<{ consumed_at: number | null }>(
    `UPDATE otp_codes SET attempts = attempts + 1, consumed_at = CASE WHEN code_hash = $4 THEN $5::bigint ELSE NULL END
     WHERE app_id = $1 AND identifier = $2 AND purpose = $3 AND consumed_at IS NULL AND attempts < $6 AND expires_at > $5::bigint
     RETURNING consumed_at`,
    [key.appId, key.identifier, key.purpose, hashCode(ctx.secret, key, code), now, OTP_MAX_ATTEMPTS],
  )
  return rows[0]?.consumed_at != null
}
