/**
 * Drive authorizations in flight, between `recovery/oauth/init` and Google's callback, in their own table
 * (`recovery_oauth_states`) under their own HMAC label: the login callback never finds one and this callback never
 * finds a login's.
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
  user_id: string
  client_state_code: string
  code_challenge: string
  redirect_to: string
  callback_url: string
  provider_code_verifier: string
}

/** The `state` we send Google is kept only as an HMAC. */
const stateKey = (ctx: Pick<ServerContext, 'secret'>, state: string) =>
  createHmac('sha256', ctx.secret).update(`recovery-oauth-state:${state}`).digest('base64url')

export async function saveRecoveryState(ctx: Pick<ServerContext, 'db' | 'clock' | 'secret'>, state: string, value: RecoveryOAuthState): Promise<void> {
  const now = ctx.clock.now()
  await ctx.db.query(
    `INSERT INTO recovery_oauth_states (state_hash, app_id, user_id, client_state_code, code_challenge, redirect_to, callback_url, provider_code_verifier, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      stateKey(ctx, state),
      value.appId,
      value.userId,
      value.clientStateCode,
      value.codeChallenge,
      value.redirectTo,
      value.callbackUrl,
      value.providerCodeVerifier,
      now,
      now + OAUTH_STATE_TTL_SECONDS * 1000,
    ],
  )
}

/** Consumes a live state in one conditional DELETE: unknown, used or expired states give null, and a state works once. */
export async function takeRecoveryState(ctx: Pick<ServerContext, 'db' | 'clock' | 'secret'>, state: string): Promise<RecoveryOAuthState | null> {
  const [row] = await ctx.db.query<StateRow>(
    `DELETE FROM recovery_oauth_states WHERE state_hash = $1 AND expires_at > $2
     RETURNING app_id, user_id, client_state_code, code_challenge, redirect_to, callback_url, provider_code_verifier`,
    [stateKey(ctx, state), ctx.clock.now()],
  )
  if (!row) return null
  return {
    appId: row.app_id,
    userId: row.user_id,
    clientStateCode: row.client_state_code,
    codeChallenge: row.code_challenge,
    redirectTo: row.redirect_to,
    callbackUrl: row.callback_url,
    providerCodeVerifier: row.provider_code_verifier,
  }
}
