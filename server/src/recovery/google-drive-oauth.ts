/**
 * Google Drive recovery's OAuth leg (wallet spec, "The calls it makes": `recovery/oauth/init` and `/authenticate`), shaped like the login's:
 * the host's popup goes to Google, Google comes back to this server's recovery callback, which trades Google's code
 * (with the app's client secret and our own PKCE verifier) for a drive.appdata token and sends the popup back to the
 * host's page with a one-time code bound to the host's PKCE challenge. `authenticate` trades that code for the token,
 * for the signed-in user who started the flow only. Google's code never reaches a page.
 */
import { generateCodeVerifier, generateState } from 'arctic'
import { GOOGLE_DRIVE_APPDATA_SCOPE, OAUTH_DENIED_CODE, oauthReturnParams } from '../../../src/protocol/index.js'
import { getApp } from '../apps/store.js'
import type { AppRecord } from '../apps/types.js'
import type { ServerContext } from '../context.js'
import { authorizationUrl } from '../auth/oauth/authorization-url.js'
import { exchangeCode } from '../auth/oauth/exchange-code.js'
import { resolveProvider, type ResolvedProvider } from '../auth/oauth/providers.js'
import { assertRedirectAllowed } from '../auth/oauth/redirect-url.js'
import { ApiError } from '../http/api-error.js'
import { issueRecoveryCode, redeemRecoveryCode } from './recovery-code-store.js'
import { saveRecoveryState, takeRecoveryState, type RecoveryOAuthState } from './recovery-state-store.js'

/** Provider errors that mean the user said no. */
const DENIED_ERRORS = new Set(['access_denied', 'user_cancelled_authorize'])

/** Google's client, with the login settings' endpoint overrides (tests point them at a local provider), for app data only. */
function driveClient(app: AppRecord): ResolvedProvider {
  const google = resolveProvider(app, 'google')
  // Every backup or recovery asks again, so the user sees which Google account holds the backup.
  return { ...google, scopes: [GOOGLE_DRIVE_APPDATA_SCOPE], pkce: true, extraAuthorizationParams: { ...google.extraAuthorizationParams, prompt: 'consent' } }
}

const driveNotOffered = () => new ApiError(400, 'feature_not_enabled', 'Google Drive recovery is not enabled for this app')

export async function initDriveAuthorization(
  ctx: ServerContext,
  app: AppRecord,
  userId: string,
  body: { redirect_to: string; code_challenge: string; state_code: string },
  callbackUrl: string,
): Promise<string> {
  if (!app.embeddedWallets.userOwnedRecoveryOptions.includes('google-drive')) throw driveNotOffered()
  assertRedirectAllowed(app, body.redirect_to)
  const google = driveClient(app)
  const state = generateState()
  const codeVerifier = generateCodeVerifier()
  await saveRecoveryState(ctx, state, {
    appId: app.id,
    userId,
    clientStateCode: body.state_code,
    codeChallenge: body.code_challenge,
    redirectTo: body.redirect_to,
    callbackUrl,
    providerCodeVerifier: codeVerifier,
  })
  return authorizationUrl(google, { state, codeVerifier, nonce: null, callbackUrl })
}

/** The app's redirect_to with the return parameters set (the URL was checked against the app's list at init). */
function returnUrl(state: RecoveryOAuthState, params: Record<string, string>): string {
  const url = new URL(state.redirectTo)
  const all = { [oauthReturnParams.state]: state.clientStateCode, [oauthReturnParams.provider]: 'google-drive', ...params }
  for (const [name, value] of Object.entries(all)) url.searchParams.set(name, value)
  return url.toString()
}

/**
 * Google's callback: the address to send the browser to, or null for a state that is unknown, spent or expired
 * (the caller answers 400 and never a code).
 */
export async function finishDriveCallback(ctx: ServerContext, params: Record<string, string>): Promise<string | null> {
  const state = params.state ? await takeRecoveryState(ctx, params.state) : null
  if (!state) return null
  const fail = (code: 'invalid_credentials' | 'feature_not_enabled', reason: string) => {
    ctx.logger.warn({ provider: 'google-drive', app: state.appId, reason }, 'recovery oauth callback failed')
    return returnUrl(state, { [oauthReturnParams.error]: code })
  }
  const app = await getApp(ctx.db, state.appId)
  if (!app?.oauthProviders.google || !app.embeddedWallets.userOwnedRecoveryOptions.includes('google-drive'))
    return fail('feature_not_enabled', 'Google Drive recovery no longer offered')
  const google = driveClient(app)
  // RFC 9207: a response naming another issuer comes from a mixed-up or malicious provider.
  if (params.iss !== undefined && params.iss !== google.issuer) return fail('invalid_credentials', 'unexpected iss')
  if (params.error)
    return DENIED_ERRORS.has(params.error)
      ? returnUrl(state, { [oauthReturnParams.code]: OAUTH_DENIED_CODE })
      : fail('invalid_credentials', `provider error ${params.error}`)
  if (!params.code) return fail('invalid_credentials', 'no code')
  try {
    const tokens = await exchangeCode(google, params.code, state.providerCodeVerifier, state.callbackUrl, ctx.clock.now())
    const code = await issueRecoveryCode(ctx, {
      appId: app.id,
      userId: state.userId,
      clientStateCode: state.clientStateCode,
      codeChallenge: state.codeChallenge,
      accessToken: tokens.accessToken(),
    })
    return returnUrl(state, { [oauthReturnParams.code]: code })
  } catch (error) {
    // Names and messages only: provider errors never echo our secret, and tokens stay out of the log.
    return fail('invalid_credentials', `${(error as Error).name}: ${(error as Error).message}`)
  }
}

/** Trades the one-time code for the Drive token, for the signed-in user who started the flow, with the client's PKCE pair. */
export function authenticateDrive(
  ctx: ServerContext,
  app: AppRecord,
  userId: string,
  body: { authorization_code: string; state_code: string; code_verifier: string },
): Promise<string> {
  return redeemRecoveryCode(ctx, app.id, userId, { code: body.authorization_code, stateCode: body.state_code, codeVerifier: body.code_verifier })
}
