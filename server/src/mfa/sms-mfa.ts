import { SMS_OTP_TTL_SECONDS } from '../../../src/protocol/index.js'
import type { AppRecord } from '../apps/types.js'
import { generateCode } from '../auth/otp/generate-code.js'
import { smsChannel } from '../auth/sms/sms-channel.js'
import type { ServerContext } from '../context.js'
import type { Queryable } from '../db/types.js'
import { ApiError, invalidData } from '../http/api-error.js'
import { hitRateLimit } from '../rate-limit/hit.js'
import { storeMfaSmsCode, type MfaSmsPurpose } from './sms-code-store.js'

/** docs/security.md #51: the phone a user signs in with is one factor already; it cannot be the second. */
export async function assertNotLoginPhone(db: Queryable, userId: string, phoneNumber: string): Promise<void> {
  const rows = await db.query("SELECT 1 FROM linked_accounts WHERE user_id = $1 AND type = 'phone' AND address = $2", [userId, phoneNumber])
  if (rows.length > 0) throw invalidData('The phone number you sign in with cannot be used for SMS verification')
}

/** Texts a fresh 6-digit code to `phoneNumber` (E.164) under the login codes' send limits; the code expires like a login code. */
export async function sendMfaSmsCode(ctx: ServerContext, app: AppRecord, userId: string, purpose: MfaSmsPurpose, phoneNumber: string): Promise<void> {
  const delivery = ctx.delivery
  if (!delivery?.channels.includes('sms'))
    throw new ApiError(400, 'feature_not_enabled', `SMS delivery is not configured on this server (${smsChannel.deliverySetting})`)
  smsChannel.assertSendable(app, phoneNumber)
  await hitRateLimit(ctx.db, ctx.clock, `mfa-sms-cooldown:${userId}`, { max: 1, windowSeconds: ctx.rateLimits.resendCooldownSeconds })
  await hitRateLimit(ctx.db, ctx.clock, `mfa-sms-sends:${userId}`, ctx.rateLimits.sendsPerIdentifier)
  for (const { bucket, rule } of smsChannel.sendLimits(ctx, app, phoneNumber)) await hitRateLimit(ctx.db, ctx.clock, bucket, rule)
  const code = generateCode()
  await storeMfaSmsCode(ctx, userId, purpose, phoneNumber, code, SMS_OTP_TTL_SECONDS)
  const text = `${code} is your verification code for ${app.name}. It expires in ${SMS_OTP_TTL_SECONDS / 60} minutes. Do not share it.`
  try {
    await delivery.send({ appId: app.id, to: phoneNumber, channel: 'sms', code, text })
  } catch (error) {
    ctx.logger.error({ err: (error as Error).message, delivery: delivery.kind }, 'MFA code delivery failed')
    throw new ApiError(503, 'internal_error', 'Could not send the SMS, try again later')
  }
}
