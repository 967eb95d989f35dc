import { createHmac, randomBytes } from 'node:crypto'
import { CROSS_APP_CODE_TTL_SECONDS } from '../../../../src/protocol/index.js'
import type { ServerContext } from '../../context.js'
import { ApiError } from '../../http/api-error.js'
import { revokeSession } from '../../sessions/store.js'
import type { AccountDetails } from '../../users/store.js'
import { pkceMatches } from '../oauth/code-store.js'

/** A provider user's consent to one requester, bound to the requester browser's state code and PKCE challenge. */
export interface IssuedCrossAppCode {
  providerAppId: string
  requesterAppId: string
  clientStateCode: string
  codeChallenge: string
  /** The provider user id: the `cross_app` account's subject. */
  subject: string
  details: AccountDetails
}

export interface RedeemedCrossAppCode {
  codeHash: string
  subject: string
  details: AccountDetails
}

interface CodeRow {
  provider_app_id: string
  client_state_code: string
  code_challenge: string
  subject: string
  details: AccountDetails
  expires_at: number
  consumed_at: number | null
}

const hashCode = (ctx: Pick<ServerContext, 'secret'>, code: string) => createHmac('sha256', ctx.secret).update(`cross-app-code:${code}`).digest('base64url')
/** The copy of the wallet spec, "The error catalogue", for a code that is unknown, expired, spent or for another provider. */
const invalidCode = () => new ApiError(400, 'invalid_credentials', 'Invalid code during cross-app auth flow.')

/** Stores a new one-time code (256 random bits, kept as an HMAC) and returns it. */
export async function issueCrossAppCode(ctx: Pick<ServerContext, 'db' | 'clock' | 'secret'>, value: IssuedCrossAppCode): Promise<string> {
  const code = randomBytes(32).toString('base64url')
  await ctx.db.query(
    `INSERT INTO cross_app_codes (code_hash, provider_app_id, requester_app_id, client_state_code, code_challenge, subject, details, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      hashCode(ctx, code),
      value.providerAppId,
      value.requesterAppId,
      value.clientStateCode,
      value.codeChallenge,
      value.subject,
      JSON.stringify(value.details),
      ctx.clock.now() + CROSS_APP_CODE_TTL_SECONDS * 1000,
    ],
  )
  return code
}

/**
 * Redeems a code for the requester browser that started the flow (its state code and PKCE verifier). A code
 * works once: presenting a spent code fails and revokes the session issued from it. A wrong state code or
 * verifier does not spend it.
 */
export async function redeemCrossAppCode(
  ctx: ServerContext,
  requesterAppId: string,
  request: { providerAppId: string; code: string; stateCode: string; codeVerifier: string },
): Promise<RedeemedCrossAppCode> {
  const codeHash = hashCode(ctx, request.code)
  const now = ctx.clock.now()
  const [row] = await ctx.db.query<CodeRow>(
    `SELECT provider_app_id, client_state_code, code_challenge, subject, details, expires_at, consumed_at
     FROM cross_app_codes WHERE code_hash = $1 AND requester_app_id = $2`,
    [codeHash, requesterAppId],
  )
  if (!row || row.provider_app_id !== request.providerAppId) throw invalidCode()
  if (row.consumed_at !== null) return rejectReplay(ctx, codeHash, now)
  if (row.expires_at <= now) throw invalidCode()
  if (row.client_state_code !== request.stateCode) throw new ApiError(400, 'oauth_state_mismatch', 'Unexpected auth flow. This may be a phishing attempt.')
  if (!pkceMatches(request.codeVerifier, row.code_challenge))
    throw new ApiError(400, 'invalid_pkce_parameters', 'The code verifier does not match the code challenge')
  const claimed = await ctx.db.query('UPDATE cross_app_codes SET consumed_at = $2 WHERE code_hash = $1 AND consumed_at IS NULL RETURNING code_hash', [
    codeHash,
    now,
  ])
  // A concurrent redemption got there first: this one is the replay.
  if (claimed.length === 0) return rejectReplay(ctx, codeHash, now)
  return { codeHash, subject: row.subject, details: row.details }
}

async function rejectReplay(ctx: ServerContext, codeHash: string, now: number): Promise<never> {
  const [row] = await ctx.db.query<{ session_id: string | null }>(
    'UPDATE cross_app_codes SET replayed_at = COALESCE(replayed_at, $2) WHERE code_hash = $1 RETURNING session_id',
    [codeHash, now],
  )
  if (row?.session_id) await revokeSession(ctx.db, row.session_id, now)
  throw invalidCode()
}

/** Records the session a code produced; when a replay came in meanwhile, that session is revoked at once. */
export async function recordCrossAppCodeSession(ctx: ServerContext, codeHash: string, sessionId: string): Promise<void> {
  const [row] = await ctx.db.query<{ replayed_at: number | null }>('UPDATE cross_app_codes SET session_id = $2 WHERE code_hash = $1 RETURNING replayed_at', [
    codeHash,
    sessionId,
  ])
  if (row?.replayed_at != null) {
    await revokeSession(ctx.db, sessionId, ctx.clock.now())
    throw invalidCode()
  }
}
