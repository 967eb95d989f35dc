import type { Context } from 'hono'
import type { ServerContext } from '../context.js'
import { invalidToken } from '../http/api-error.js'
import type { AppEnv } from '../http/env.js'
import { accessTokenCookie } from './cookies.js'
import { verifyAccessToken, type AccessClaims } from './tokens.js'
import { isSessionActive } from './store.js'

/** The request's access token: the Bearer header, else the access-token cookie of an app that keeps it there. */
export function bearerToken(c: Context): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')
  return match?.[1] ?? accessTokenCookie(c)
}

/** The verified caller of this request, whose session must still be live; else 401. */
export async function requireAccess(ctx: ServerContext, c: Context<AppEnv>): Promise<AccessClaims> {
  const token = bearerToken(c)
  if (!token) throw invalidToken()
  return verifyLiveAccess(ctx, token, c.var.app.id)
}

export async function verifyLiveAccess(ctx: ServerContext, token: string, appId: string): Promise<AccessClaims> {
  const claims = await verifyAccessToken(ctx, token, appId)
  if (!(await isSessionActive(ctx.db, claims.sessionId, claims.userId, appId, ctx.clock.now()))) throw invalidToken()
  return claims
}
