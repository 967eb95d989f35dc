import { createHmac } from 'node:crypto'
import type { OAuthProvider } from '../../../../src/protocol/index.js'
import type { ServerContext } from '../../context.js'

/** How long a user may take at the provider before the callback. */
export const OAUTH_STATE_TTL_SECONDS = 10 * 60

/** One authorization in flight, between `init` and the provider's callback. */
export interface OAuthState {
  appId: string
  provider: OAuthProvider
  clientStateCode: string
  codeChallenge: string
  redirectTo: string
  /** Our own redirect URI, sent again with the token request. */
  callbackUrl: string
  providerCodeVerifier: string | null
  nonce: string | null
}

interface StateRow {
  app_id: string
  provider: OAuthProvider
  client_state_code: string
  code_challenge: string
  redirect_to: string
  callback_url: string
  provider_code_verifier: string | null
  nonce: string | null
}

/** The `state` we send the provider is kept only as an HMAC. */
const hashState = (ctx: Pick<ServerContext, 'secret'>, state: string) => createHmac('sha256', ctx.secret).update(`oauth-state:${state}`).digest('base64url')

export async function saveState(ctx: Pick<ServerContext, 'db' | 'clock' | 'secret'>, state: string, value: OAuthState): Promise<void> {
  const now = ctx.clock.now()
  await ctx.db.query(
    `INSERT INTO oauth_states (state_hash, app_id, provider, client_state_code, code_challenge, redirect_to, callback_url, provider_code_verifier, nonce, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      hashState(ctx, state),
      value.appId,
      value.provider,
      value.clientStateCode,
      value.codeChallenge,
      value.redirectTo,
      value.callbackUrl,
      value.providerCodeVerifier,
      value.nonce,
      now,
      now + OAUTH_STATE_TTL_SECONDS * 1000,
    ],
  )
}

/** Consumes a live state in one conditional UPDATE: unknown, used or expired states give null, and a state works once. */
export async function takeState(ctx: Pick<ServerContext, 'db' | 'clock' | 'secret'>, state: string): Promise<OAuthState | null> {
  const now = ctx.clock.now()
  const [row] = await ctx.db.query<StateRow>(
    `UPDATE oauth_states SET consumed_at = $2 WHERE state_hash = $1 AND consumed_at IS NULL AND expires_at > $2
     RETURNING app_id, provider, client_state_code, code_challenge, redirect_to, callback_url, provider_code_verifier, nonce`,
    [hashState(ctx, state), now],
  )
  if (!row) return null
  return {
    appId: row.app_id,
    provider: row.provider,
    clientStateCode: row.client_state_code,
    codeChallenge: row.code_challenge,
    redirectTo: row.redirect_to,
    callbackUrl: row.callback_url,
    providerCodeVerifier: row.provider_code_verifier,
    nonce: row.nonce,
  }
}
