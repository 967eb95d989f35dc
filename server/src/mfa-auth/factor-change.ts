import type { Context } from 'hono'
import { z } from 'zod'
import type { MfaTotpInitResponse } from '../../../src/protocol/index.js'
import type { AppRecord } from '../apps/types.js'
import type { ServerContext } from '../context.js'
import { ApiError } from '../http/api-error.js'
import type { AppEnv } from '../http/env.js'
import { readBody } from '../http/read-body.js'
import { assertMfaNotLocked, checkMfaAnswer } from '../mfa/failure-counter.js'
import { mfaRequired } from '../mfa/require-fresh-mfa.js'
import { matchTotpStep } from '../mfa/totp.js'
import { startTotpEnrolment } from '../mfa/totp-enrolment.js'
import { openTotpSecret } from '../mfa/totp-secret-seal.js'
import { requireAccess } from '../sessions/authenticate-request.js'
import { revokeOtherSessions } from '../sessions/store.js'
import type { AccessClaims } from '../sessions/tokens.js'
import { code, loadUser } from './route-support.js'
import { findLoginTotp, isSessionFreshlyVerified, markSessionVerified, removeLoginTotp, saveLoginTotp } from './store.js'

const emptyBody = z.object({})
const codeBody = z.object({ code })

const expiredEnrolment = () => new ApiError(400, 'expired_or_invalid_mfa_token', 'The code has expired or was already used, request a new one')

function assertTotpAllowed(app: AppRecord): void {
  if (!app.mfaMethods.includes('totp')) throw new ApiError(400, 'feature_not_enabled', 'MFA with totp is not enabled for this app')
}

/** The caller of a factor change: fresh sign-in MFA once they have the factor. */
async function requireChanger(ctx: ServerContext, c: Context<AppEnv>): Promise<AccessClaims> {
  const caller = await requireAccess(ctx, c)
  if ((await findLoginTotp(ctx.db, caller.userId)) && !(await isSessionFreshlyVerified(ctx.db, caller.sessionId, ctx.clock.now()))) throw mfaRequired()
  return caller
}

/** `POST /totp/init`: a new sign-in secret, pending until a code from it is shown. */
export async function initLoginTotp(ctx: ServerContext, c: Context<AppEnv>) {
  assertTotpAllowed(c.var.app)
  const caller = await requireChanger(ctx, c)
  await readBody(c, emptyBody)
  const answer: MfaTotpInitResponse = await startTotpEnrolment(ctx, c.var.app, caller.userId, 'login_mfa_pending_totp')
  return c.json(answer)
}

/** `POST /totp/enroll`: a code from the pending secret makes it the user's sign-in factor. */
export async function enrollLoginTotp(ctx: ServerContext, c: Context<AppEnv>) {
  assertTotpAllowed(c.var.app)
  const caller = await requireChanger(ctx, c)
  await assertMfaNotLocked(ctx, caller.userId)
  const body = await readBody(c, codeBody)
  const now = ctx.clock.now()
  const [pending] = await ctx.db.query<{ secret_sealed: string }>('SELECT secret_sealed FROM login_mfa_pending_totp WHERE user_id = $1 AND expires_at > $2', [
    caller.userId,
    now,
  ])
  if (!pending) throw expiredEnrolment()
  const step = await checkMfaAnswer(ctx, caller.userId, () => matchTotpStep(openTotpSecret(ctx.secret, caller.userId, pending.secret_sealed), body.code, now))
  await ctx.db.transaction(async (tx) => {
    await saveLoginTotp(tx, c.var.app.id, caller.userId, pending.secret_sealed, step, now)
    await tx.query('DELETE FROM login_mfa_pending_totp WHERE user_id = $1', [caller.userId])
    // The code just shown proves the factor: this session may change it again for a while.
    await markSessionVerified(tx, caller.sessionId, now)
    await revokeOtherSessions(tx, { userId: caller.userId, appId: c.var.app.id, keepSessionId: caller.sessionId, now })
  })
  return c.json(await loadUser(ctx, c.var.app.id, caller.userId))
}

/** `POST /totp/unenroll`: removes the sign-in factor and ends the user's other sessions. */
export async function unenrollLoginTotp(ctx: ServerContext, c: Context<AppEnv>) {
  const caller = await requireChanger(ctx, c)
  await readBody(c, emptyBody)
  const now = ctx.clock.now()
  await ctx.db.transaction(async (tx) => {
    await removeLoginTotp(tx, caller.userId)
    await revokeOtherSessions(tx, { userId: caller.userId, appId: c.var.app.id, keepSessionId: caller.sessionId, now })
  })
  return c.json({ success: true })
}
