import type { Context, MiddlewareHandler } from 'hono'
import { headers } from '../../../src/protocol/index.js'
import { getApp } from '../apps/store.js'
import type { AppRecord } from '../apps/types.js'
import type { Queryable } from '../db/types.js'
import { invalidData, notFound } from './api-error.js'
import type { AppEnv } from './env.js'

/** The app named by the `privy-app-id` header (looked up once per request), or null. */
export async function appOfRequest(db: Queryable, c: Context<AppEnv>): Promise<AppRecord | null> {
  if (c.get('app')) return c.get('app')
  const id = c.req.header(headers.appId)
  if (!id || id.length > 100) return null
  const app = await getApp(db, id)
  if (app) c.set('app', app)
  return app
}

/** Every API call names its app: a missing header is 400 invalid_data, an unknown app 404 not_found. */
export function requireApp(db: Queryable): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!c.req.header(headers.appId)) throw invalidData(`Missing ${headers.appId} header`)
    if (!(await appOfRequest(db, c))) throw notFound('App not found')
    return next()
  }
}
