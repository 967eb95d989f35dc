/**
 * Drive authorizations in flight, between `recovery/oauth/init` and Google's callback. They share the OAuth state
 * table under their own HMAC label, so the login callback never finds one and this callback never finds a login's.
 */
import { createHmac } from 'node:crypto'
import type { ServerContext } from '../context.js'
import { OAUTH_STATE_TTL_SECONDS } from '../auth/oauth/state-store.js'

export interface RecoveryOAuthState {
  appId: string
  /** The signed-in user who started the backup or recovery: only they may trade the code. */
  userId: string
  clientStateCode: string
  codeChallenge: string
  redirectTo: string
  callbackUrl: string
  providerCodeVerifier: string
}

interface StateRow {
  app_id: string
  nonce: string
  client_state_code: string
  code_challenge: string
  redirect_to: string
  callback_url: string
  provider_code_verifier: string
}

const stateKey = (ctx: Pick<ServerContext, 'secret'>, state: string) => createHmac('sha256', ctx.secret).update(`recovery-oauth-state:${state}`).digest('base64url')

/** The Drive leg asks for no ID token, so the row's OpenID `nonce` column holds the user the state belongs to. */
export async function saveRecoveryState(ctx: Pick<ServerContext, 'db' | 'clock' | 'secret'>, state: string, value: RecoveryOAuthState): Promise<void> {
  const now = ctx.clock.now()
  await ctx.db.query(
    `INSERT INTO oauth_states (state_hash, app_id, provider, client_state_code, code_challenge, redirect_to, callback_url, provider_code_verifier, nonce, created_at, expires_at)
     VALUES ($1, $2, 'google-drive', $3, $4, $5, $6, $7, $8, $9, $10)`,
    [stateKey(ctx, state), value.appId, value.clientStateCode, value.codeChallenge, value.redirectTo, value.callbackUrl, value.providerCodeVerifier,
      value.userId, now, now + OAUTH_STATE_TTL_SECONDS * 1000],
  )
}

/** Consumes a live state in one conditional UPDATE: unknown, used or expired states give null, and a state works once. */
export async function takeRecoveryState(ctx: Pick<ServerContext, 'db' | 'clock' | 'secret'>, state: string): Promise<RecoveryOAuthState | null> {
  const now = ctx.clock.now()
  const [row] = await ctx.db.query<StateRow>(
    `UPDATE oauth_states SET consumed_at = $2 WHERE state_hash = $1 AND provider = 'google-drive' AND consumed_at IS NULL AND expires_at > $2
     RETURNING app_id, nonce, client_state_code, code_challenge, redirect_to, callback_url, provider_code_verifier`,
    [stateKey(ctx, state), now],
  )
  if (!row) return null
  return {
    appId: row.app_id,
    userId: row.nonce,
    clientStateCode: row.client_state_code,
    codeChallenge: row.code_challenge,
    redirectTo: row.redirect_to,
    callbackUrl: row.callback_url,
    providerCodeVerifier: row.provider_code_verifier,
  }
}
