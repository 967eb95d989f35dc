import type { Hono } from 'hono'
import { z } from 'zod'
import type { RecoveryOAuthAuthenticateResponse, RecoveryOAuthInitResponse } from '../../../src/protocol/index.js'
import type { ServerContext } from '../context.js'
import { ApiError } from '../http/api-error.js'
import type { AppEnv } from '../http/env.js'
import { readBody } from '../http/read-body.js'
import { safeString } from '../http/schemas.js'
import { requireAccess } from '../sessions/authenticate-request.js'
import { publicOrigin } from '../auth/oauth/public-origin.js'
import { recoveryCallbackUrl } from './callback-url.js'
import { authenticateDrive, finishDriveCallback, initDriveAuthorization } from './google-drive-oauth.js'
import { mount } from '../http/mount.js'
import { recoveryRoutes } from '../../../src/protocol/recovery-routes.js'

/** RFC 7636: verifiers and S256 challenges are 43-128 unreserved characters. */
const pkceText = z.string().regex(/^[A-Za-z0-9._~-]{43,128}$/, 'must be 43-128 URL-safe characters')
const stateCode = z.string().regex(/^[A-Za-z0-9._~-]{8,128}$/, 'must be 8-128 URL-safe characters')
const provider = z.literal('google-drive', { error: "provider must be 'google-drive'" })

/** Longer callback parameters are dropped, as the login's callback does. */
const MAX_PARAM_LENGTH = 4096

const initBody = z.strictObject({ provider, redirect_to: safeString(2048).url(), code_challenge: pkceText, state_code: stateCode })
const authenticateBody = z.strictObject({ provider, authorization_code: safeString(2048).min(1), state_code: stateCode, code_verifier: pkceText })

/** iCloud backup is an adapter interface: its web flow needs Apple's CloudKit, which this server does not speak. */
const icloudUnsupported = () => new ApiError(400, 'not_supported', 'iCloud recovery is not available for this app')

/** `recovery/*` (wallet spec, "The calls it makes"), mounted at `/api/v1/recovery`, all for the signed-in user. */
export function mountRecoveryRoutes(app: Hono<AppEnv>, ctx: ServerContext): void {
  mount(app, recoveryRoutes.oauthInit, async (c) => {
    const claims = await requireAccess(ctx, c)
    const body = await readBody(c, initBody)
    const url = await initDriveAuthorization(ctx, c.var.app, claims.userId, body, recoveryCallbackUrl(publicOrigin(c, ctx.trustProxy)))
    return c.json({ url } satisfies RecoveryOAuthInitResponse)
  })

  mount(app, recoveryRoutes.oauthAuthenticate, async (c) => {
    const claims = await requireAccess(ctx, c)
    const accessToken = await authenticateDrive(ctx, c.var.app, claims.userId, await readBody(c, authenticateBody))
    return c.json({ access_token: accessToken } satisfies RecoveryOAuthAuthenticateResponse)
  })

  mount(app, recoveryRoutes.initIcloud, async (c) => {
    await requireAccess(ctx, c)
    throw icloudUnsupported()
  })
  mount(app, recoveryRoutes.configurationIcloud, async (c) => {
    await requireAccess(ctx, c)
    throw icloudUnsupported()
  })
}

/**
 * `GET /api/v1/recovery/oauth/callback`, where Google sends the popup back. It carries no app header: the state names
 * the app. An unknown, spent or expired state gets a 400 and never a code; otherwise the popup returns to the host's
 * redirect_to with a one-time code (or the denial / error), the client's state code and provider 'google-drive'.
 */
export function mountRecoveryCallbackRoutes(app: Hono<AppEnv>, ctx: ServerContext): void {
  mount(app, recoveryRoutes.oauthCallback, async (c) => {
    const params = Object.fromEntries(Object.entries(c.req.query()).filter(([, value]) => value.length <= MAX_PARAM_LENGTH))
    const location = await finishDriveCallback(ctx, params)
    if (!location) throw new ApiError(400, 'oauth_state_mismatch', 'Unknown, expired or already used OAuth state')
    return c.redirect(location, 302)
  })
}
