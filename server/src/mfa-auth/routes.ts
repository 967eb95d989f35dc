import { Hono, type Context } from 'hono'
import { z } from 'zod'
import type { AuthenticatedUserDto, MfaTotpInitResponse, UserDto } from '../../../src/protocol/index.js'
import type { AppRecord } from '../apps/types.js'
import type { ServerContext } from '../context.js'
import { ApiError, invalidData, invalidToken } from '../http/api-error.js'
import { requireClientIp } from '../http/client-ip.js'
import type { AppEnv } from '../http/env.js'
import { readBody } from '../http/read-body.js'
import { assertMfaNotLocked, checkMfaAnswer } from '../mfa/failure-counter.js'
import { mfaRequired } from '../mfa/require-fresh-mfa.js'
import { matchTotpStep } from '../mfa/totp.js'
import { startTotpEnrolment } from '../mfa/totp-enrolment.js'
import { openTotpSecret } from '../mfa/totp-secret-seal.js'
import { hitRateLimit } from '../rate-limit/hit.js'
import { authenticatedResponse } from '../sessions/authenticated-response.js'
import { requireAccess } from '../sessions/authenticate-request.js'
import { createSession, revokeOtherSessions } from '../sessions/store.js'
import type { AccessClaims } from '../sessions/tokens.js'
import { loadUserDto } from '../users/user-dto.js'
import {
  findLoginMfaChallenge,
  findLoginTotp,
  isSessionFreshlyVerified,
  markSessionVerified,
  removeLoginTotp,
  saveLoginTotp,
  spendLoginMfaChallenge,
  spendLoginTotpStep,
} from './store.js'

const code = z.string().regex(/^\d{6}$/, 'must be a 6-digit code')
const emptyBody = z.object({})
const codeBody = z.object({ code })
const verifyBody = z.object({ code, login_mfa_token: z.string().min(1).max(200).optional() })

const expiredEnrolment = () => new ApiError(400, 'expired_or_invalid_mfa_token', 'The code has expired or was already used, request a new one')
const expiredSignIn = () => new ApiError(400, 'expired_or_invalid_mfa_token', 'This sign-in has expired, sign in again')
const notEnrolled = () => invalidData('No authenticator app is enrolled for sign-in')

function assertTotpAllowed(app: AppRecord): void {
  if (!app.mfaMethods.includes('totp')) throw new ApiError(400, 'feature_not_enabled', 'MFA with totp is not enabled for this app')
}

/**
 * `POST /api/v1/mfa_auth/totp/*` (src/protocol/mfa-auth.ts): the sign-in authenticator app. Wrong codes count toward
 * the user's MFA lockout shared with wallet-action MFA (SECURITY 50); changing the factor once enrolled needs a check
 * passed in this session within 15 minutes, and ends the user's other sessions (SECURITY 49, 63).
 */
export function mfaAuthRoutes(ctx: ServerContext): Hono<AppEnv> {
  const routes = new Hono<AppEnv>()

  const loadUser = async (appId: string, userId: string): Promise<UserDto> => {
    const user = await loadUserDto(ctx.db, appId, userId)
    if (!user) throw invalidToken()
    return user
  }
  /** The caller of a factor change: fresh sign-in MFA once they have the factor. */
  const changer = async (c: Context<AppEnv>): Promise<AccessClaims> => {
    const caller = await requireAccess(ctx, c)
    if ((await findLoginTotp(ctx.db, caller.userId)) && !(await isSessionFreshlyVerified(ctx.db, caller.sessionId, ctx.clock.now()))) throw mfaRequired()
    return caller
  }
  /** Checks `answer` against the user's sign-in secret and spends its step (a code works once, SECURITY 50). */
  const checkCode = async (userId: string, answer: string): Promise<void> => {
    await assertMfaNotLocked(ctx, userId)
    const factor = await findLoginTotp(ctx.db, userId)
    if (!factor) throw notEnrolled()
    await checkMfaAnswer(ctx, userId, async () => {
      const step = matchTotpStep(openTotpSecret(ctx.secret, userId, factor.secret_sealed), answer, ctx.clock.now())
      return step !== null && (await spendLoginTotpStep(ctx.db, userId, step)) ? step : null
    })
  }

  routes.post('/totp/init', async (c) => {
    assertTotpAllowed(c.var.app)
    const caller = await changer(c)
    await readBody(c, emptyBody)
    const answer: MfaTotpInitResponse = await startTotpEnrolment(ctx, c.var.app, caller.userId, 'login_mfa_pending_totp')
    return c.json(answer)
  })

  routes.post('/totp/enroll', async (c) => {
    assertTotpAllowed(c.var.app)
    const caller = await changer(c)
    await assertMfaNotLocked(ctx, caller.userId)
    const body = await readBody(c, codeBody)
    const now = ctx.clock.now()
    const [pending] = await ctx.db.query<{ secret_sealed: string }>('SELECT secret_sealed FROM login_mfa_pending_totp WHERE user_id = $1 AND expires_at > $2', [caller.userId, now])
    if (!pending) throw expiredEnrolment()
    const step = await checkMfaAnswer(ctx, caller.userId, () => matchTotpStep(openTotpSecret(ctx.secret, caller.userId, pending.secret_sealed), body.code, now))
    await ctx.db.transaction(async (tx) => {
      await saveLoginTotp(tx, c.var.app.id, caller.userId, pending.secret_sealed, step, now)
      await tx.query('DELETE FROM login_mfa_pending_totp WHERE user_id = $1', [caller.userId])
      // The code just shown proves the factor: this session may change it again for a while.
      await markSessionVerified(tx, caller.sessionId, now)
      await revokeOtherSessions(tx, { userId: caller.userId, appId: c.var.app.id, keepSessionId: caller.sessionId, now })
    })
    return c.json(await loadUser(c.var.app.id, caller.userId))
  })

  routes.post('/totp/verify', async (c) => {
    const body = await readBody(c, verifyBody)
    if (body.login_mfa_token !== undefined) return c.json(await completeSignIn(c, body.login_mfa_token, body.code))
    const caller = await requireAccess(ctx, c)
    await checkCode(caller.userId, body.code)
    await markSessionVerified(ctx.db, caller.sessionId, ctx.clock.now())
    return c.json({ success: true })
  })

  routes.post('/totp/unenroll', async (c) => {
    const caller = await changer(c)
    await readBody(c, emptyBody)
    const now = ctx.clock.now()
    await ctx.db.transaction(async (tx) => {
      await removeLoginTotp(tx, caller.userId)
      await revokeOtherSessions(tx, { userId: caller.userId, appId: c.var.app.id, keepSessionId: caller.sessionId, now })
    })
    return c.json({ success: true })
  })

  /** The second factor of a pending sign-in: the code, then the challenge spent once, then the session. */
  async function completeSignIn(c: Context<AppEnv>, token: string, answer: string): Promise<AuthenticatedUserDto> {
    const app = c.var.app
    await hitRateLimit(ctx.db, ctx.clock, `auth-ip:${requireClientIp(c, ctx.trustProxy)}`, ctx.rateLimits.authenticatePerIp)
    const userId = await findLoginMfaChallenge(ctx.db, app.id, token, ctx.clock.now())
    if (!userId) throw expiredSignIn()
    await checkCode(userId, answer)
    const now = ctx.clock.now()
    const session = await ctx.db.transaction(async (tx) => {
      if (!(await spendLoginMfaChallenge(tx, token))) throw expiredSignIn()
      const issued = await createSession(tx, app.id, userId, now)
      await markSessionVerified(tx, issued.sessionId, now)
      return issued
    })
    return authenticatedResponse(ctx, app.id, await loadUser(app.id, userId), session.sessionId, session.refreshToken, 'set', false)
  }

  return routes
}
