import { createHmac, randomBytes } from 'node:crypto'
import type { ServerContext } from '../../context.js'
import { ApiError } from '../../http/api-error.js'

/** How long a WebAuthn ceremony may take between `init` and the verification call. */
export const PASSKEY_CHALLENGE_TTL_SECONDS = 5 * 60
/** 32 random bytes: above the 16 the WebAuthn spec asks for (docs/security.md #18). */
const CHALLENGE_BYTES = 32

/** Which ceremony a challenge was issued for; a challenge is never accepted by another one. */
export type ChallengePurpose = 'register' | 'authenticate' | 'link' | 'mfa'

/** Challenges are kept only as an HMAC, like every other one-time value this server issues. */
const hashChallenge = (ctx: Pick<ServerContext, 'secret'>, challenge: string) =>
  createHmac('sha256', ctx.secret).update(`passkey-challenge:${challenge}`).digest('base64url')

/** Issues a fresh base64url challenge for `purpose`; a link or MFA challenge is bound to the signed-in user. */
export async function issueChallenge(ctx: ServerContext, appId: string, purpose: ChallengePurpose, userId: string | null = null): Promise<string> {
  const challenge = randomBytes(CHALLENGE_BYTES).toString('base64url')
  const now = ctx.clock.now()
  await ctx.db.query('DELETE FROM passkey_challenges WHERE expires_at <= $1', [now])
  await ctx.db.query('INSERT INTO passkey_challenges (challenge_hash, app_id, purpose, user_id, expires_at) VALUES ($1, $2, $3, $4, $5)', [
    hashChallenge(ctx, challenge),
    appId,
    purpose,
    userId,
    now + PASSKEY_CHALLENGE_TTL_SECONDS * 1000,
  ])
  return challenge
}

/**
 * Uses a challenge up: one atomic DELETE, so of parallel verifications only one gets it (docs/security.md #22).
 * Unknown, expired, spent, or issued for another purpose, app or user → 400 invalid_credentials.
 */
export async function consumeChallenge(
  ctx: ServerContext,
  appId: string,
  challenge: string,
  purpose: ChallengePurpose,
  userId: string | null = null,
): Promise<void> {
  const rows = await ctx.db.query(
    `DELETE FROM passkey_challenges WHERE challenge_hash = $1 AND app_id = $2 AND purpose = $3 AND user_id IS NOT DISTINCT FROM $4 AND expires_at > $5
     RETURNING challenge_hash`,
    [hashChallenge(ctx, challenge), appId, purpose, userId, ctx.clock.now()],
  )
  if (rows.length === 0) throw new ApiError(400, 'invalid_credentials', 'Invalid or expired passkey challenge')
}
