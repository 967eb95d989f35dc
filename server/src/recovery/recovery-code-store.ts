/**
 * One-time codes that stand for a Drive access token between Google's callback and `recovery/oauth/authenticate`,
 * so Google's own code never reaches a page. They share the OAuth code table under their own HMAC label: the login's
 * `oauth/authenticate` never finds one. A code works once, for the user who started it, with the client's PKCE pair.
 */
import { createHmac, randomBytes } from 'node:crypto'
import { OAUTH_CODE_TTL_SECONDS } from '../../../src/protocol/index.js'
import { pkceMatches } from '../auth/oauth/code-store.js'
import type { ServerContext } from '../context.js'
import { ApiError, invalidData } from '../http/api-error.js'

export interface IssuedRecoveryCode {
  appId: string
  userId: string
  clientStateCode: string
  codeChallenge: string
  accessToken: string
}

interface CodeRow {
  client_state_code: string
  code_challenge: string
  subject: string
  provider_tokens: { access_token: string } | null
  expires_at: number
  consumed_at: number | null
}

const codeKey = (ctx: Pick<ServerContext, 'secret'>, code: string) => createHmac('sha256', ctx.secret).update(`recovery-oauth-code:${code}`).digest('base64url')

export const recoveryOAuthFailed = () => new ApiError(400, 'invalid_credentials', 'Recovery OAuth failed')
export const recoveryStateMismatch = () => invalidData('Unexpected auth flow. This may be a phishing attempt.')

/** Stores a new code (256 random bits, kept as an HMAC; `subject` is the user) and returns it. */
export async function issueRecoveryCode(ctx: Pick<ServerContext, 'db' | 'clock' | 'secret'>, value: IssuedRecoveryCode): Promise<string> {
  const code = randomBytes(32).toString('base64url')
  const now = ctx.clock.now()
  await ctx.db.query(
    `INSERT INTO oauth_codes (code_hash, app_id, provider, client_state_code, code_challenge, subject, display_name, provider_tokens, created_at, expires_at)
     VALUES ($1, $2, 'google-drive', $3, $4, $5, '', $6, $7, $8)`,
    [
      codeKey(ctx, code),
      value.appId,
      value.clientStateCode,
      value.codeChallenge,
      value.userId,
      JSON.stringify({ access_token: value.accessToken }),
      now,
      now + OAUTH_CODE_TTL_SECONDS * 1000,
    ],
  )
  return code
}

/** The Drive token a code stands for; the token leaves the database with the first redemption, right or wrong. */
export async function redeemRecoveryCode(
  ctx: Pick<ServerContext, 'db' | 'clock' | 'secret'>,
  appId: string,
  userId: string,
  request: { code: string; stateCode: string; codeVerifier: string },
): Promise<string> {
  const key = codeKey(ctx, request.code)
  const now = ctx.clock.now()
  const [row] = await ctx.db.query<CodeRow>(
    `SELECT client_state_code, code_challenge, subject, provider_tokens, expires_at, consumed_at FROM oauth_codes WHERE code_hash = $1 AND app_id = $2 AND provider = 'google-drive'`,
    [key, appId],
  )
  // Another user's code is as unknown to this user as a made-up one.
  if (!row?.provider_tokens || row.subject !== userId || row.consumed_at !== null || row.expires_at <= now) throw recoveryOAuthFailed()
  if (row.client_state_code !== request.stateCode) throw recoveryStateMismatch()
  // A concurrent redemption that got there first leaves nothing to claim.
  const claimed = await ctx.db.query(
    'UPDATE oauth_codes SET consumed_at = $2, provider_tokens = NULL WHERE code_hash = $1 AND consumed_at IS NULL RETURNING code_hash',
    [key, now],
  )
  if (!claimed.length || !pkceMatches(request.codeVerifier, row.code_challenge)) throw recoveryOAuthFailed()
  return row.provider_tokens.access_token
}
