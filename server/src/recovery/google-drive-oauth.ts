/**
 * Google Drive recovery's OAuth leg (document 2 §7 `recovery/oauth/init` and `/authenticate`): the host's popup goes
 * to Google with the host's own PKCE challenge and comes back to the host's page with a code; the server (which holds
 * the app's Google client secret) trades it for a Drive app-data access token, for the signed-in user only.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import { OAuth2Client } from 'arctic'
import { GOOGLE_DRIVE_APPDATA_SCOPE } from '../../../src/protocol/index.js'
import type { AppRecord } from '../apps/types.js'
import type { ServerContext } from '../context.js'
import { exchangeCode } from '../auth/oauth/exchange-code.js'
import { resolveProvider } from '../auth/oauth/providers.js'
import { assertRedirectAllowed } from '../auth/oauth/redirect-url.js'
import { OAUTH_STATE_TTL_SECONDS } from '../auth/oauth/state-store.js'
import { ApiError, invalidData } from '../http/api-error.js'

/** Google's client, with the login settings' endpoint overrides (tests point them at a local provider). */
function driveClient(app: AppRecord) {
  const google = resolveProvider(app, 'google')
  return { ...google, scopes: [GOOGLE_DRIVE_APPDATA_SCOPE], pkce: true }
}

/** Recovery states share the OAuth state table under their own HMAC label, so the login callback never finds one. */
const stateKey = (ctx: Pick<ServerContext, 'secret'>, appId: string, userId: string, stateCode: string) =>
  createHmac('sha256', ctx.secret).update(`recovery-oauth-state:${appId}:${userId}:${stateCode}`).digest('base64url')

export async function initDriveAuthorization(ctx: ServerContext, app: AppRecord, userId: string, body: { redirect_to: string; code_challenge: string; state_code: string }): Promise<string> {
  assertRedirectAllowed(app, body.redirect_to)
  const google = driveClient(app)
  const now = ctx.clock.now()
  await ctx.db.query(
    `INSERT INTO oauth_states (state_hash, app_id, provider, client_state_code, code_challenge, redirect_to, callback_url, provider_code_verifier, nonce, created_at, expires_at)
     VALUES ($1, $2, 'google-drive', $3, $4, $5, $5, NULL, NULL, $6, $7)`,
    [stateKey(ctx, app.id, userId, body.state_code), app.id, body.state_code, body.code_challenge, body.redirect_to, now, now + OAUTH_STATE_TTL_SECONDS * 1000],
  )
  const url = new OAuth2Client(google.settings.clientId, null, body.redirect_to).createAuthorizationURL(google.authorizationEndpoint, body.state_code, google.scopes)
  url.searchParams.set('code_challenge', body.code_challenge)
  url.searchParams.set('code_challenge_method', 'S256')
  // Every backup or recovery asks again, so the user sees which Google account holds the backup.
  url.searchParams.set('prompt', 'consent')
  return url.toString()
}

const badCode = () => new ApiError(400, 'invalid_credentials', 'Recovery OAuth failed')

export async function authenticateDrive(ctx: ServerContext, app: AppRecord, userId: string, body: { authorization_code: string; state_code: string; code_verifier: string }): Promise<string> {
  const now = ctx.clock.now()
  // One conditional UPDATE: an unknown, used, expired or other user's state gives nothing, and a state works once.
  const [state] = await ctx.db.query<{ code_challenge: string; redirect_to: string }>(
    `UPDATE oauth_states SET consumed_at = $2 WHERE state_hash = $1 AND consumed_at IS NULL AND expires_at > $2 RETURNING code_challenge, redirect_to`,
    [stateKey(ctx, app.id, userId, body.state_code), now],
  )
  if (!state) throw invalidData('Unexpected auth flow. This may be a phishing attempt.')
  const challenge = createHash('sha256').update(body.code_verifier).digest('base64url')
  if (challenge.length !== state.code_challenge.length || !timingSafeEqual(Buffer.from(challenge), Buffer.from(state.code_challenge))) throw badCode()
  try {
    const tokens = await exchangeCode(driveClient(app), body.authorization_code, body.code_verifier, state.redirect_to, now)
    return tokens.accessToken()
  } catch {
    // Google refused the code (or did not answer): the flow failed, without echoing what Google said.
    throw badCode()
  }
}
