import { Hono } from 'hono'
import { appOriginCheckRoute, isOriginAllowed, type OriginCheckDto } from '../../../src/protocol/index.js'
import type { ServerContext } from '../context.js'
import { getApp } from './store.js'

/**
 * `GET /api/v1/apps/:app_id/origin_check`, mounted before the API's CORS check: any page may read whether its own
 * origin is allowed (the answer names nothing else and carries no credentials), so the client can say "this origin
 * is not allowed" where the browser hides the refused preflight. The API's routes still refuse that origin.
 */
export function originCheckRoutes(ctx: ServerContext): Hono {
  const routes = new Hono()
  routes.get(appOriginCheckRoute.path, async (c) => {
    const origin = c.req.header('origin') ?? null
    if (origin) c.header('Access-Control-Allow-Origin', origin)
    c.header('Vary', 'Origin')
    c.header('Cache-Control', 'no-store')
    const app = await getApp(ctx.db, c.req.param('app_id') ?? '')
    if (!app) return c.json({ error: 'App not found', code: 'not_found' }, 404)
    return c.json({ origin, allowed: origin !== null && isOriginAllowed(origin, app.allowedOrigins) } satisfies OriginCheckDto)
  })
  return routes
}
