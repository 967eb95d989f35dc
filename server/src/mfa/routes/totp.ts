import type { Context } from 'hono'
import type { ServerContext } from '../../context.js'
import type { AppEnv } from '../../http/env.js'
import { readBody } from '../../http/read-body.js'
import { findMfaFactor, saveMfaFactor, spendTotpStep } from '../factor-store.js'
import { assertMfaNotLocked, checkMfaAnswer } from '../failure-counter.js'
import { requireMfaCaller } from '../require-fresh-mfa.js'
import { matchTotpStep } from '../totp.js'
import { startTotpEnrolment } from '../totp-enrolment.js'
import { openTotpSecret } from '../totp-secret-seal.js'
import {
  assertMethodAllowed,
  codeBody,
  emptyBody,
  endOtherSessions,
  expiredCode,
  notEnrolled,
  requireChanger,
  requireVerifier,
  userResponse,
  verifiedResponse,
} from './factor-change.js'

/** `POST /totp/init`: a new secret, pending until a code from it is shown. */
export async function initTotp(ctx: ServerContext, c: Context<AppEnv>) {
  assertMethodAllowed(c.var.app, 'totp')
  const caller = await requireMfaCaller(ctx, c)
  await readBody(c, emptyBody)
  return c.json(await startTotpEnrolment(ctx, c.var.app, caller.userId))
}

/** `POST /totp/enroll`: a code from the pending secret makes it the user's factor. */
export async function enrollTotp(ctx: ServerContext, c: Context<AppEnv>) {
  assertMethodAllowed(c.var.app, 'totp')
  const caller = await requireChanger(ctx, c)
  await assertMfaNotLocked(ctx, caller.userId)
  const body = await readBody(c, codeBody)
  const [pending] = await ctx.db.query<{ secret_sealed: string }>('SELECT secret_sealed FROM mfa_pending_totp WHERE user_id = $1 AND expires_at > $2', [
    caller.userId,
    ctx.clock.now(),
  ])
  if (!pending) throw expiredCode()
  const step = await checkMfaAnswer(ctx, caller.userId, () =>
    matchTotpStep(openTotpSecret(ctx.secret, caller.userId, pending.secret_sealed), body.code, ctx.clock.now()),
  )
  await ctx.db.transaction(async (tx) => {
    await saveMfaFactor(tx, c.var.app.id, caller.userId, 'totp', { totpSecretSealed: pending.secret_sealed, totpLastStep: step }, ctx.clock.now())
    await tx.query('DELETE FROM mfa_pending_totp WHERE user_id = $1', [caller.userId])
    await endOtherSessions(ctx, tx, c, caller)
  })
  return c.json(await userResponse(ctx, c, caller))
}

/** `POST /totp/verify`: a code from the enrolled secret earns an MFA token. */
export async function verifyTotp(ctx: ServerContext, c: Context<AppEnv>) {
  const caller = await requireVerifier(ctx, c)
  const body = await readBody(c, codeBody)
  const factor = await findMfaFactor(ctx.db, caller.userId, 'totp')
  const secretSealed = factor?.totp_secret_sealed
  if (!secretSealed) throw notEnrolled('authenticator app')
  // A code already used (or one of an earlier step) is refused like a wrong one (docs/security.md #50).
  await checkMfaAnswer(ctx, caller.userId, async () => {
    const step = matchTotpStep(openTotpSecret(ctx.secret, caller.userId, secretSealed), body.code, ctx.clock.now())
    return step !== null && (await spendTotpStep(ctx.db, caller.userId, step)) ? step : null
  })
  return c.json(await verifiedResponse(ctx, c, caller))
}
