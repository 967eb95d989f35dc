import type { Hono } from 'hono'
import type { ServerContext } from '../context.js'
import { notFound } from '../http/api-error.js'
import { crossAppLoginProviders } from '../auth/cross-app/login-providers.js'
import { ownOrigin } from '../wallets/frame-origin.js'
import { toAppConfigDto } from './app-config-dto.js'
import { getApp } from './store.js'
import { mount } from '../http/mount.js'
import { appConfigRoute, jwksRoute } from '../../../src/protocol/routes/app.js'
import type { AppEnv } from '../http/env.js'

/** `GET /api/v1/apps/:app_id` (public app config) and `GET /api/v1/apps/:app_id/jwks.json`. */
export function mountAppRoutes(app: Hono<AppEnv>, ctx: ServerContext): void {
  mount(app, jwksRoute, async (c) => {
    if (!(await getApp(ctx.db, c.req.param('app_id')))) throw notFound('App not found')
    return c.json(ctx.keys.jwks)
  })
  mount(app, appConfigRoute, async (c) => {
    const app = await getApp(ctx.db, c.req.param('app_id'))
    if (!app) throw notFound('App not found')
    return c.json(toAppConfigDto(app, ctx.keys.publicPem, await crossAppLoginProviders(ctx.db, app), ownOrigin(c, ctx.trustProxy)))
  })
}
