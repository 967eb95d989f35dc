import type { Context } from 'hono'
import { z } from 'zod'
import type { AuthenticatedUserDto } from '../../../src/protocol/index.js'
import type { ServerContext } from '../context.js'
import { ApiError, invalidData } from '../http/api-error.js'
import { requireClientIp } from '../http/client-ip.js'
import type { AppEnv } from '../http/env.js'
import { readBody } from '../http/read-body.js'
import { assertMfaNotLocked, checkMfaAnswer } from '../mfa/failure-counter.js'
import { matchTotpStep } from '../mfa/totp.js'
import { openTotpSecret } from '../mfa/totp-secret-seal.js'
import { hitRateLimit } from '../rate-limit/hit.js'
import { authenticatedResponse } from '../sessions/authenticated-response.js'
import { requireAccess } from '../sessions/authenticate-request.js'
import { createSession } from '../sessions/store.js'
import { code, loadUser } from './route-support.js'
import { findLoginMfaChallenge, findLoginTotp, markSessionVerified, spendLoginMfaChallenge, spendLoginTotpStep } from './store.js'

const verifyBody = z.object({ code, login_mfa_token: z.string().min(1).max(200).optional() })

const expiredSignIn = () => new ApiError(400, 'expired_or_invalid_mfa_token', 'This sign-in has expired, sign in again')
const notEnrolled = () => invalidData('No authenticator app is enrolled for sign-in')

/** Checks `answer` against the user's sign-in secret and spends its step (a code works once, docs/security.md #50). */
async function checkCode(ctx: ServerContext, userId: string, answer: string): Promise<void> {
  await assertMfaNotLocked(ctx, userId)
  const factor = await findLoginTotp(ctx.db, userId)
  if (!factor) throw notEnrolled()
  await checkMfaAnswer(ctx, userId, async () => {
    const step = matchTotpStep(openTotpSecret(ctx.secret, userId, factor.secret_sealed), answer, ctx.clock.now())
    return step !== null && (await spendLoginTotpStep(ctx.db, userId, step)) ? step : null
  })
}

/** The second factor of a pending sign-in: the code, then the challenge spent once, then the session. */
async function completeSignIn(ctx: ServerContext, c: Context<AppEnv>, token: string, answer: string): Promise<AuthenticatedUserDto> {
  const app = c.var.app
  await hitRateLimit(ctx.db, ctx.clock, `auth-ip:${requireClientIp(c, ctx.trustProxy)}`, ctx.rateLimits.authenticatePerIp)
  const userId = await findLoginMfaChallenge(ctx.db, app.id, token, ctx.clock.now())
  if (!userId) throw expiredSignIn()
  await checkCode(ctx, userId, answer)
  const now = ctx.clock.now()
  const session = await ctx.db.transaction(async (tx) => {
    if (!(await spendLoginMfaChallenge(tx, token))) throw expiredSignIn()
    const issued = await createSession(tx, app.id, userId, now)
    await markSessionVerified(tx, issued.sessionId, now)
    return issued
  })
  return authenticatedResponse(ctx, app.id, await loadUser(ctx, app.id, userId), session.sessionId, session.refreshToken, 'set', false)
}

/** `POST /totp/verify`: finishes a pending sign-in, or marks the caller's session freshly verified. */
export async function verifyLoginTotp(ctx: ServerContext, c: Context<AppEnv>) {
  const body = await readBody(c, verifyBody)
  if (body.login_mfa_token !== undefined) return c.json(await completeSignIn(ctx, c, body.login_mfa_token, body.code))
  const caller = await requireAccess(ctx, c)
  await checkCode(ctx, caller.userId, body.code)
  await markSessionVerified(ctx.db, caller.sessionId, ctx.clock.now())
  return c.json({ success: true })
}
