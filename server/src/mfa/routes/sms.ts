import type { Context } from 'hono'
import { z } from 'zod'
import { phoneNumber } from '../../auth/sms/phone-number.js'
import type { ServerContext } from '../../context.js'
import type { AppEnv } from '../../http/env.js'
import { readBody } from '../../http/read-body.js'
import { findMfaFactor, saveMfaFactor } from '../factor-store.js'
import { assertMfaNotLocked, checkMfaAnswer } from '../failure-counter.js'
import { requireMfaCaller } from '../require-fresh-mfa.js'
import { consumeMfaSmsCode } from '../sms-code-store.js'
import { assertNotLoginPhone, sendMfaSmsCode } from '../sms-mfa.js'
import {
  assertMethodAllowed,
  code,
  codeBody,
  endOtherSessions,
  expiredCode,
  notEnrolled,
  requireChanger,
  requireVerifier,
  userResponse,
  verifiedResponse,
} from './factor-change.js'

const smsInitBody = z.discriminatedUnion('action', [z.object({ action: z.literal('verify') }), z.object({ action: z.literal('enroll'), phoneNumber })])
const smsEnrollBody = z.object({ code, phoneNumber })

/** An SMS code's outcome as an MFA answer (null: wrong); an expired code is refused as such, not counted as a guess. */
function smsCodeAnswer(outcome: 'ok' | 'wrong' | 'expired'): true | null {
  if (outcome === 'expired') throw expiredCode()
  return outcome === 'ok' ? true : null
}

/** `POST /passwordless_sms/init`: a code to the number being enrolled, or to the enrolled one. */
export async function sendSmsCode(ctx: ServerContext, c: Context<AppEnv>) {
  const caller = await requireMfaCaller(ctx, c)
  const body = await readBody(c, smsInitBody)
  if (body.action === 'enroll') {
    assertMethodAllowed(c.var.app, 'sms')
    await assertNotLoginPhone(ctx.db, caller.userId, body.phoneNumber)
    await sendMfaSmsCode(ctx, c.var.app, caller.userId, 'enroll', body.phoneNumber)
  } else {
    const factor = await findMfaFactor(ctx.db, caller.userId, 'sms')
    if (!factor?.phone_number) throw notEnrolled('phone number')
    await sendMfaSmsCode(ctx, c.var.app, caller.userId, 'verify', factor.phone_number)
  }
  return c.json({ success: true })
}

/** `POST /passwordless_sms/enroll`: the code sent to a number makes it the user's factor. */
export async function enrollSms(ctx: ServerContext, c: Context<AppEnv>) {
  assertMethodAllowed(c.var.app, 'sms')
  const caller = await requireChanger(ctx, c)
  await assertMfaNotLocked(ctx, caller.userId)
  const body = await readBody(c, smsEnrollBody)
  await assertNotLoginPhone(ctx.db, caller.userId, body.phoneNumber)
  await checkMfaAnswer(ctx, caller.userId, async () => smsCodeAnswer(await consumeMfaSmsCode(ctx, caller.userId, 'enroll', body.phoneNumber, body.code)))
  await saveMfaFactor(ctx.db, c.var.app.id, caller.userId, 'sms', { phoneNumber: body.phoneNumber }, ctx.clock.now())
  await endOtherSessions(ctx, ctx.db, c, caller)
  return c.json(await userResponse(ctx, c, caller))
}

/** `POST /passwordless_sms/verify`: the code sent to the enrolled number earns an MFA token. */
export async function verifySms(ctx: ServerContext, c: Context<AppEnv>) {
  const caller = await requireVerifier(ctx, c)
  const body = await readBody(c, codeBody)
  const factor = await findMfaFactor(ctx.db, caller.userId, 'sms')
  const phoneNumber = factor?.phone_number
  if (!phoneNumber) throw notEnrolled('phone number')
  await checkMfaAnswer(ctx, caller.userId, async () => smsCodeAnswer(await consumeMfaSmsCode(ctx, caller.userId, 'verify', phoneNumber, body.code)))
  return c.json(await verifiedResponse(ctx, c, caller))
}
