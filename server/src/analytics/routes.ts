import type { Hono } from 'hono'
import { z } from 'zod'
import type { ServerContext } from '../context.js'
import type { AppEnv } from '../http/env.js'
import { readBody } from '../http/read-body.js'
import { safeString } from '../http/schemas.js'
import { mount } from '../http/mount.js'
import { analyticsEventsRoute } from '../../../src/protocol/routes/app.js'

const eventBody = z.object({ event_name: safeString(200), client_id: safeString(200).nullish(), payload: z.record(z.string(), z.unknown()).nullish() })

/** `POST /api/v1/analytics_events`: accepted and logged by name only; payloads are not stored. */
export function mountAnalyticsRoutes(app: Hono<AppEnv>, ctx: ServerContext): void {
  mount(app, analyticsEventsRoute, async (c) => {
    const body = await readBody(c, eventBody)
    ctx.logger.debug({ app: c.var.app.id, event: body.event_name }, 'analytics event')
    return c.json({})
  })
}
