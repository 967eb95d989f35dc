import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { OAUTH_CODE_TTL_SECONDS, type OAuthProvider, type OAuthTokensDto } from '../../../../src/protocol/index.js'
import type { ServerContext } from '../../context.js'
import { ApiError } from '../../http/api-error.js'
import { revokeSession } from '../../sessions/store.js'
import type { AccountDetails } from '../../users/store.js'
import type { OAuthProfile } from './profiles.js'

/** What an authorization code stands for: a provider identity proven at the callback, bound to the client's PKCE pair. */
export interface IssuedCode {
  appId: string
  provider: OAuthProvider
  clientStateCode: string
  codeChallenge: string
  profile: OAuthProfile
  tokens: OAuthTokensDto
}

export interface RedeemedCode {
  codeHash: string
  provider: OAuthProvider
  profile: OAuthProfile
  tokens: OAuthTokensDto
}

interface CodeRow {
  code_hash: string
  provider: OAuthProvider
  client_state_code: string
  code_challenge: string
  subject: string
  details: AccountDetails
  verified_email: string | null
  display_name: string
  provider_tokens: OAuthTokensDto
  expires_at: number
  consumed_at: number | null
}

const hashCode = (ctx: Pick<ServerContext, 'secret'>, code: string) => createHmac('sha256', ctx.secret).update(`oauth-code:${code}`).digest('base64url')
const invalidCode = () => new ApiError(400, 'invalid_credentials', 'Invalid or expired authorization code')

/** S256 (RFC 7636 §4.2), compared in constant time. */
export function pkceMatches(verifier: string, challenge: string): boolean {
  const computed = Buffer.from(createHash('sha256').update(verifier).digest('base64url'))
  const expected = Buffer.from(challenge)
  return computed.length === expected.length && timingSafeEqual(computed, expected)
}

/** Stores a new one-time code (256 random bits, kept as an HMAC) and returns it. */
export async function issueCode(ctx: Pick<ServerContext, 'db' | 'clock' | 'secret'>, value: IssuedCode): Promise<string> {
  const code = randomBytes(32).toString('base64url')
  const now = ctx.clock.now()
  await ctx.db.query(
    `INSERT INTO oauth_codes (code_hash, app_id, provider, client_state_code, code_challenge, subject, details, verified_email, display_name, provider_tokens, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
    [
      hashCode(ctx, code),
      value.appId,
      value.provider,
      value.clientStateCode,
      value.codeChallenge,
      value.profile.subject,
      JSON.stringify(value.profile.details),
      value.profile.verifiedEmail,
      value.profile.displayName,
      JSON.stringify(value.tokens),
      now,
      now + OAUTH_CODE_TTL_SECONDS * 1000,
    ],
  )
  return code
}

/**
 * Redeems a code for the client that started the flow (its state code and PKCE verifier). A code
 * works once: presenting a spent code fails and revokes the session issued from it (docs/security.md #17).
 * The provider's tokens leave the database with the first redemption.
 */
export async function redeemCode(ctx: ServerContext, appId: string, request: { code: string; stateCode: string; codeVerifier: string }): Promise<RedeemedCode> {
  const codeHash = hashCode(ctx, request.code)
  const now = ctx.clock.now()
  const [row] = await ctx.db.query<CodeRow>(
    `SELECT code_hash, provider, client_state_code, code_challenge, subject, details, verified_email, display_name, provider_tokens, expires_at, consumed_at
     FROM oauth_codes WHERE code_hash = $1 AND app_id = $2`,
    [codeHash, appId],
  )
  if (!row) throw invalidCode()
  if (row.consumed_at !== null) return rejectReplay(ctx, codeHash, now)
  if (row.expires_at <= now) throw invalidCode()
  if (row.client_state_code !== request.stateCode) throw new ApiError(400, 'oauth_state_mismatch', 'The state code does not match this authorization')
  if (!pkceMatches(request.codeVerifier, row.code_challenge))
    throw new ApiError(400, 'invalid_pkce_parameters', 'The code verifier does not match the code challenge')
  const claimed = await ctx.db.query(
    'UPDATE oauth_codes SET consumed_at = $2, provider_tokens = NULL WHERE code_hash = $1 AND consumed_at IS NULL RETURNING code_hash',
    [codeHash, now],
  )
  // A concurrent redemption got there first: this one is the replay.
  if (claimed.length === 0) return rejectReplay(ctx, codeHash, now)
  return {
    codeHash,
    provider: row.provider,
    tokens: row.provider_tokens,
    profile: { subject: row.subject, details: row.details, verifiedEmail: row.verified_email, displayName: row.display_name },
  }
}

async function rejectReplay(ctx: ServerContext, codeHash: string, now: number): Promise<never> {
  const [row] = await ctx.db.query<{ session_id: string | null }>(
    'UPDATE oauth_codes SET replayed_at = COALESCE(replayed_at, $2) WHERE code_hash = $1 RETURNING session_id',
    [codeHash, now],
  )
  if (row?.session_id) await revokeSession(ctx.db, row.session_id, now)
  throw new ApiError(400, 'invalid_credentials', 'This authorization code has already been used')
}

/** Records the session a code produced; when a replay came in meanwhile, that session is revoked at once. */
export async function recordCodeSession(ctx: ServerContext, codeHash: string, sessionId: string): Promise<void> {
  const [row] = await ctx.db.query<{ replayed_at: number | null }>('UPDATE oauth_codes SET session_id = $2 WHERE code_hash = $1 RETURNING replayed_at', [
    codeHash,
    sessionId,
  ])
  if (row?.replayed_at != null) {
    await revokeSession(ctx.db, sessionId, ctx.clock.now())
    throw new ApiError(400, 'invalid_credentials', 'This authorization code has already been used')
  }
}
