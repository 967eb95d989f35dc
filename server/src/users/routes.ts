import type { Hono } from 'hono'
import type { ServerContext } from '../context.js'
import { invalidToken } from '../http/api-error.js'
import type { AppEnv } from '../http/env.js'
import { requireAccess } from '../sessions/authenticate-request.js'
import { requireLiveCaller } from '../sessions/live-caller.js'
import { signIdentityToken } from '../sessions/tokens.js'
import { loadUserDto } from './user-dto.js'
import { mount } from '../http/mount.js'
import { acceptTermsRoute, usersMeRoute } from '../../../src/protocol/routes/app.js'

/** `GET /api/v1/users/me` and `POST /api/v1/users/me/accept_terms`. */
export function mountUserRoutes(app: Hono<AppEnv>, ctx: ServerContext): void {
  mount(app, usersMeRoute, async (c) => {
    const app = c.var.app
    const { user } = await requireLiveCaller(ctx, c)
    return c.json({ user, identity_token: await signIdentityToken(ctx, app.id, user) })
  })

  mount(app, acceptTermsRoute, async (c) => {
    const app = c.var.app
    const claims = await requireAccess(ctx, c)
    await ctx.db.query('UPDATE users SET has_accepted_terms = true WHERE id = $1 AND app_id = $2', [claims.userId, app.id])
    const user = await loadUserDto(ctx, app.id, claims.userId)
    if (!user) throw invalidToken()
    return c.json(user)
  })
}
