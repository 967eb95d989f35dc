/**
 * Sessions: refresh (`POST /api/v1/sessions`) and logout (`POST /api/v1/sessions/logout`).
 *
 * Choices:
 * - Refresh tokens are 32 random bytes, stored as SHA-256, rotated on every use; the successor is
 *   HMAC(secret, token), so refreshes inside the 10 s grace window all get the SAME child while the
 *   session advances once. A rotated token presented after the window revokes the session (401).
 * - `session_update_action`: 'set' when a refresh token rotates; 'ignore' when the body has no
 *   refresh_token but the bearer access token is valid (fresh access + identity token, refresh_token
 *   null); otherwise 401 missing_or_invalid_token ('clear' is never sent: without a usable credential
 *   there is no user to return, and the reference clients wipe local state on that code anyway).
 * - Logout always answers {} (clients ignore its errors); it revokes the session named by the refresh
 *   token in the body, or else by the bearer's sid.
 * - "Log out everywhere" (`POST /api/v1/sessions/logout_all`, a Tessera extension) needs a live session and ends
 *   every session of its user in the app, its own included.
 */
import type { Hono } from 'hono'
import { z } from 'zod'
import type { ServerContext } from '../context.js'
import { invalidToken } from '../http/api-error.js'
import type { AppEnv } from '../http/env.js'
import { readBody } from '../http/read-body.js'
import { safeString } from '../http/schemas.js'
import { limitPerIp } from '../rate-limit/limit-per-ip.js'
import { loadUserDto } from '../users/user-dto.js'
import { authenticatedResponse } from './authenticated-response.js'
import { bearerToken, requireAccess } from './authenticate-request.js'
import { verifyLiveCaller } from './live-caller.js'
import { clearSessionCookies, refreshTokenCookie, usesCookieSessions } from './cookies.js'
import { revokeOtherSessions, revokeSession, rotateRefreshToken, sessionIdOfRefreshToken } from './store.js'
import { verifyAccessToken } from './tokens.js'
import { mount } from '../http/mount.js'
import { sessionsLogoutAllRoute, sessionsLogoutRoute, sessionsRefreshRoute } from '../../../src/protocol/routes/app.js'

const refreshBody = z.object({ refresh_token: safeString(512).nullish() })
const emptyBody = z.object({})

export function mountSessionRoutes(app: Hono<AppEnv>, ctx: ServerContext): void {
  mount(app, sessionsRefreshRoute, async (c) => {
    const app = c.var.app
    await limitPerIp(ctx, c, 'refresh-ip', ctx.rateLimits.refreshesPerIp)
    const body = await readBody(c, refreshBody)
    // A cookie-session browser's token is its cookie; the body may then be empty or a placeholder.
    const refreshToken = refreshTokenCookie(c) ?? body.refresh_token
    if (refreshToken) {
      const rotated = await rotateRefreshToken(ctx, app.id, refreshToken)
      const user = await loadUserDto(ctx, app.id, rotated.userId)
      if (!user) throw invalidToken()
      return c.json(await authenticatedResponse(ctx, app.id, user, rotated.sessionId, rotated.refreshToken, 'set'))
    }
    const bearer = bearerToken(c)
    if (!bearer) throw invalidToken()
    const { claims, user } = await verifyLiveCaller(ctx, bearer, app.id)
    return c.json(await authenticatedResponse(ctx, app.id, user, claims.sessionId, null, 'ignore'))
  })

  mount(app, sessionsLogoutRoute, async (c) => {
    const app = c.var.app
    const body = await readBody(c, refreshBody)
    const now = ctx.clock.now()
    const refreshToken = refreshTokenCookie(c) ?? body.refresh_token
    let sessionId = refreshToken ? await sessionIdOfRefreshToken(ctx.db, app.id, refreshToken) : null
    const bearer = bearerToken(c)
    if (!sessionId && bearer)
      sessionId = await verifyAccessToken(ctx, bearer, app.id).then(
        (claims) => claims.sessionId,
        () => null,
      )
    if (sessionId) await revokeSession(ctx.db, sessionId, now)
    if (usesCookieSessions(app)) clearSessionCookies(c)
    return c.json({})
  })

  mount(app, sessionsLogoutAllRoute, async (c) => {
    const caller = await requireAccess(ctx, c)
    await readBody(c, emptyBody)
    await revokeOtherSessions(ctx.db, { userId: caller.userId, appId: c.var.app.id, keepSessionId: null, now: ctx.clock.now() })
    return c.json({})
  })
}
