import type { Context } from 'hono'
import { z } from 'zod'
import type { MfaMethod, MfaUserResponse, MfaVerifyResponse } from '../../../../src/protocol/index.js'
import type { AppRecord } from '../../apps/types.js'
import type { ServerContext } from '../../context.js'
import type { Queryable } from '../../db/types.js'
import { ApiError, invalidData, invalidToken } from '../../http/api-error.js'
import type { AppEnv } from '../../http/env.js'
import { readBody } from '../../http/read-body.js'
import { revokeOtherSessions } from '../../sessions/store.js'
import { loadUserDto } from '../../users/user-dto.js'
import { removeMfaFactor } from '../factor-store.js'
import { assertMfaNotLocked } from '../failure-counter.js'
import { signMfaToken } from '../mfa-token.js'
import { assertFreshMfa, requireMfaCaller, type MfaCaller } from '../require-fresh-mfa.js'

export const code = z.string().regex(/^\d{6}$/, 'must be a 6-digit code')
/** Init and unenrol carry no fields; still a JSON object (or nothing). */
export const emptyBody = z.object({})
export const codeBody = z.object({ code })

export const expiredCode = () => new ApiError(400, 'expired_or_invalid_mfa_token', 'The code has expired or was already used, request a new one')
export const notEnrolled = (method: string) => invalidData(`No ${method} is enrolled for MFA`)

/** Wallet spec, "Screens and routes": the app's `mfa_methods` name the factors its users may enrol. */
export function assertMethodAllowed(app: AppRecord, method: MfaMethod): void {
  if (!app.mfaMethods.includes(method)) throw new ApiError(400, 'feature_not_enabled', `MFA with ${method} is not enabled for this app`)
}

export async function userResponse(ctx: ServerContext, c: Context<AppEnv>, caller: MfaCaller): Promise<MfaUserResponse> {
  const user = await loadUserDto(ctx, c.var.app.id, caller.userId)
  if (!user) throw invalidToken()
  return { user }
}

export async function verifiedResponse(ctx: ServerContext, c: Context<AppEnv>, caller: MfaCaller): Promise<MfaVerifyResponse> {
  return { token: await signMfaToken(ctx, c.var.app.id, caller) }
}

/** The caller of a verification, unless wrong answers have locked them out. */
export async function requireVerifier(ctx: ServerContext, c: Context<AppEnv>): Promise<MfaCaller> {
  const caller = await requireMfaCaller(ctx, c)
  await assertMfaNotLocked(ctx, caller.userId)
  return caller
}

/** The caller of a factor change: a fresh MFA token once they have any factor. */
export async function requireChanger(ctx: ServerContext, c: Context<AppEnv>): Promise<MfaCaller> {
  const caller = await requireMfaCaller(ctx, c)
  await assertFreshMfa(ctx, ctx.db, c.var.app.id, caller)
  return caller
}

/** A factor change ends the user's other sessions: one a thief holds must not outlive the owner's new MFA (docs/security.md #35). */
export function endOtherSessions(ctx: ServerContext, db: Queryable, c: Context<AppEnv>, caller: MfaCaller) {
  return revokeOtherSessions(db, { userId: caller.userId, appId: c.var.app.id, keepSessionId: caller.sessionId, now: ctx.clock.now() })
}

/** Removes the caller's factor of `type` (verified first: `requireChanger`). */
export async function unenrollFactor(ctx: ServerContext, c: Context<AppEnv>, type: 'totp' | 'sms') {
  const caller = await requireChanger(ctx, c)
  await readBody(c, emptyBody)
  await removeMfaFactor(ctx.db, caller.userId, type)
  await endOtherSessions(ctx, ctx.db, c, caller)
  return c.json(await userResponse(ctx, c, caller))
}
