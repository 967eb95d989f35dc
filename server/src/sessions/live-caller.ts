import type { Context } from 'hono'
import type { UserDto } from '../../../src/protocol/index.js'
import type { ServerContext } from '../context.js'
import { invalidToken } from '../http/api-error.js'
import type { AppEnv } from '../http/env.js'
import { loadUserDtoWithSession } from '../users/user-dto.js'
import { bearerToken } from './authenticate-request.js'
import { isSessionLive } from './store.js'
import { verifyAccessToken, type AccessClaims } from './tokens.js'

export interface LiveCaller {
  claims: AccessClaims
  user: UserDto
}

/** As `verifyLiveAccess` (authenticate-request.ts), with the caller's user read in the same statement as its session; else 401. */
export async function verifyLiveCaller(ctx: ServerContext, token: string, appId: string): Promise<LiveCaller> {
  const claims = await verifyAccessToken(ctx, token, appId)
  const loaded = await loadUserDtoWithSession(ctx, appId, claims.userId, claims.sessionId)
  if (!loaded?.session || !isSessionLive(loaded.session, ctx.clock.now())) throw invalidToken()
  return { claims, user: loaded.user }
}

/** As `requireAccess`, with the caller's user. */
export async function requireLiveCaller(ctx: ServerContext, c: Context<AppEnv>): Promise<LiveCaller> {
  const token = bearerToken(c)
  if (!token) throw invalidToken()
  return verifyLiveCaller(ctx, token, c.var.app.id)
}
