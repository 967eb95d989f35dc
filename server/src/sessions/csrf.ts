import type { MiddlewareHandler } from 'hono'
import { ApiError } from '../http/api-error.js'
import type { AppEnv } from '../http/env.js'
import { carriesSessionCookie, usesCookieSessions } from './cookies.js'

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS'])

const crossSiteRefused = () => new ApiError(403, 'invalid_origin', 'Cross-site request refused')

/**
 * CSRF for cookie-session apps (docs/security.md #38): an unsafe request the browser marks `Sec-Fetch-Site: cross-site`
 * is refused, and one carrying a session cookie must name its Origin (the CORS check before this one refuses an
 * Origin the app does not allow). Bearer-token apps are untouched: their token is never sent by the browser alone.
 */
export function sessionCsrfGuard(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!usesCookieSessions(c.var.app) || safeMethods.has(c.req.method)) return next()
    if (c.req.header('sec-fetch-site') === 'cross-site') throw crossSiteRefused()
    if (!c.req.header('origin') && carriesSessionCookie(c)) throw crossSiteRefused()
    return next()
  }
}
