/**
 * Cookie sessions (docs/security.md #38, docs/decisions.md "Cookie sessions"): for an app with `cookieSessions` set, the
 * refresh token (and, when chosen, the access and identity tokens) of every `AuthenticatedUser` answer moves from the
 * body into `HttpOnly; Secure; SameSite=Strict` cookies on this API origin, under the names the reference client knows.
 */
import type { Context, MiddlewareHandler } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import type { CookieOptions } from 'hono/utils/cookie'
import { COOKIE_REFRESH_TOKEN_PLACEHOLDER, REFRESH_TOKEN_TTL_SECONDS, type AuthenticatedUserDto } from '../../../src/protocol/index.js'
import type { AppRecord } from '../apps/types.js'
import type { ServerContext } from '../context.js'
import type { AppEnv } from '../http/env.js'

export const sessionCookieNames = {
  accessToken: 'privy-token',
  /** With the access token: the identity token is a credential for the app's own backend, so it leaves the body too. */
  identityToken: 'privy-id-token',
  refreshToken: 'privy-refresh-token',
  /** Not HttpOnly and not a secret: the reference client reads it to know a refresh is worth trying. */
  sessionPresent: 'privy-session',
} as const

/** Refresh and logout live under it: the refresh token is sent nowhere else. */
const REFRESH_COOKIE_PATH = '/api/v1/sessions'
const ACCESS_COOKIE_PATH = '/api/v1'
/** Sign-in spec, "Business constants and limits": the refresh-presence cookie lasts 30 days. */
const SESSION_PRESENT_MAX_AGE_SECONDS = 30 * 24 * 60 * 60

// Secure is also honoured on http://localhost, where browsers treat the origin as secure.
const baseOptions = { secure: true, sameSite: 'Strict' } as const satisfies CookieOptions
const refreshOptions = { ...baseOptions, httpOnly: true, path: REFRESH_COOKIE_PATH } as const
const accessOptions = { ...baseOptions, httpOnly: true, path: ACCESS_COOKIE_PATH } as const
const presentOptions = { ...baseOptions, path: '/' } as const
// For a backend the app serves on this same host (the reference SDK's server-side pattern); this API never reads it.
const identityOptions = { ...baseOptions, httpOnly: true, path: '/' } as const

type CookieApp = Pick<AppRecord, 'cookieSessions'>

export const usesCookieSessions = (app: CookieApp | undefined): boolean => !!app?.cookieSessions

/** The refresh token the browser sent, for a cookie-session app. */
export function refreshTokenCookie(c: Context<AppEnv>): string | null {
  return usesCookieSessions(c.var.app) ? (getCookie(c, sessionCookieNames.refreshToken) ?? null) : null
}

/** The access token cookie, for an app that keeps the access token there. */
export function accessTokenCookie(c: Context): string | null {
  const app = c.get('app') as CookieApp | undefined
  return app?.cookieSessions?.accessTokenInCookie ? (getCookie(c, sessionCookieNames.accessToken) ?? null) : null
}

/** True when the request carries one of the session cookies (CSRF checks apply to it). */
export const carriesSessionCookie = (c: Context): boolean =>
  getCookie(c, sessionCookieNames.refreshToken) !== undefined || getCookie(c, sessionCookieNames.accessToken) !== undefined

export function clearSessionCookies(c: Context): void {
  deleteCookie(c, sessionCookieNames.refreshToken, refreshOptions)
  deleteCookie(c, sessionCookieNames.accessToken, accessOptions)
  deleteCookie(c, sessionCookieNames.identityToken, identityOptions)
  deleteCookie(c, sessionCookieNames.sessionPresent, presentOptions)
}

const isAuthenticatedUser = (body: unknown): body is AuthenticatedUserDto =>
  typeof body === 'object' && body !== null && 'session_update_action' in body && 'refresh_token' in body

/**
 * After a cookie-session app's route answered an `AuthenticatedUser`: sets the cookies and takes those tokens out of
 * the body, so every sign-in route (and refresh) complies without knowing about cookies.
 */
export function sessionCookies(ctx: Pick<ServerContext, 'accessTokenTtlSeconds'>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next()
    const settings = c.var.app?.cookieSessions
    if (!settings || c.res.status > 299 || !c.res.headers.get('content-type')?.startsWith('application/json')) return
    const body: unknown = await c.res
      .clone()
      .json()
      .catch(() => null)
    if (!isAuthenticatedUser(body)) return
    // The identity token is left out, not null: the reference's schema has it optional, never null.
    const { identity_token: identityToken, ...rest } = body
    const tokensLeft = settings.accessTokenInCookie ? { token: null, privy_access_token: null } : { identity_token: identityToken }
    const headers = new Headers(c.res.headers)
    headers.delete('content-length')
    const status = c.res.status
    // Cleared first: Hono's setter would otherwise carry the old response's headers over.
    c.res = undefined
    const refreshToken = body.refresh_token && COOKIE_REFRESH_TOKEN_PLACEHOLDER
    c.res = new Response(JSON.stringify({ ...rest, refresh_token: refreshToken, ...tokensLeft }), { status, headers })
    if (body.refresh_token) {
      setCookie(c, sessionCookieNames.refreshToken, body.refresh_token, { ...refreshOptions, maxAge: REFRESH_TOKEN_TTL_SECONDS })
      setCookie(c, sessionCookieNames.sessionPresent, 't', { ...presentOptions, maxAge: SESSION_PRESENT_MAX_AGE_SECONDS })
    }
    if (settings.accessTokenInCookie && body.token) {
      setCookie(c, sessionCookieNames.accessToken, body.token, { ...accessOptions, maxAge: ctx.accessTokenTtlSeconds })
      if (identityToken) setCookie(c, sessionCookieNames.identityToken, identityToken, { ...identityOptions, maxAge: ctx.accessTokenTtlSeconds })
    }
  }
}
