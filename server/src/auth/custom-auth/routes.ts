import type { Hono } from 'hono'
import { z } from 'zod'
import { authModes } from '../../../../src/protocol/index.js'
import type { ServerContext } from '../../context.js'
import type { AppEnv } from '../../http/env.js'
import { readBody } from '../../http/read-body.js'
import { safeString } from '../../http/schemas.js'
import { requireAccess } from '../../sessions/authenticate-request.js'
import { assertLoginMethodEnabled } from '../shared/access-control.js'
import { completeLogin } from '../shared/complete-login.js'
import { linkVerifiedAccount } from '../shared/link-account.js'
import { customJwtSettings, verifyCustomJwt } from './verify-custom-jwt.js'
import { limitPerIp } from '../../rate-limit/limit-per-ip.js'
import { mount } from '../../http/mount.js'
import { customJwtAuthenticateRoute, customJwtLinkRoute } from '../../../../src/protocol/routes/custom-auth.js'

const token = safeString(8192).min(1)
const authenticateBody = z.object({ token, mode: z.enum(authModes).nullish() })
const linkBody = z.object({ token })

/** `POST /api/v1/custom_jwt_account/{authenticate,link}`: sign-in with a token from the app's own identity provider. */
export function mountCustomJwtRoutes(app: Hono<AppEnv>, ctx: ServerContext): void {
  mount(app, customJwtAuthenticateRoute, async (c) => {
    const app = c.var.app
    assertLoginMethodEnabled(app, 'custom_jwt')
    await limitPerIp(ctx, c, 'auth-ip', ctx.rateLimits.authenticatePerIp)
    const body = await readBody(c, authenticateBody)
    const account = await verifyCustomJwt(ctx, customJwtSettings(app), body.token)
    const login = await completeLogin(ctx, app, { method: 'custom_jwt', account, mode: body.mode })
    return c.json(login.body)
  })

  mount(app, customJwtLinkRoute, async (c) => {
    const app = c.var.app
    assertLoginMethodEnabled(app, 'custom_jwt')
    const caller = await requireAccess(ctx, c)
    const body = await readBody(c, linkBody)
    const account = await verifyCustomJwt(ctx, customJwtSettings(app), body.token)
    return c.json(await linkVerifiedAccount(ctx, app, caller.userId, 'custom_jwt', account))
  })
}
