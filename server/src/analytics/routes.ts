import { Hono } from 'hono'
import { z } from 'zod'
import type { ServerContext } from '../context.js'
import type { AppEnv } from '../http/env.js'
import { readBody } from '../http/read-body.js'
import { safeString } from '../http/schemas.js'

const eventBody = z.object({ event_name: safeString(200), client_id: safeString(200).nullish(), payload: z.record(z.string(), z.unknown()).nullish() })

/** `POST /api/v1/analytics_events`: accepted and logged by name only; payloads are not stored. */
export function analyticsRoutes(ctx: ServerContext): Hono<AppEnv> {
  const routes = new Hono<AppEnv>()
  routes.post('/', async (c) => {
    const body = await readBody(c, eventBody)
    ctx.logger.debug({ app: c.var.app.id, event: body.event_name }, 'analytics event')
    return c.json({})
  })
  return routes
}
