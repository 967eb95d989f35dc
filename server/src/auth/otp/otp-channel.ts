import type { z } from 'zod'
import type { LinkedAccountType } from '../../../../src/protocol/index.js'
import type { Route } from '../../../../src/protocol/routes/route.js'
import type { AppRecord } from '../../apps/types.js'
import type { ServerContext } from '../../context.js'
import type { CodeMessage, DeliveryChannel } from '../../delivery/types.js'
import type { RateLimitRule } from '../../rate-limit/settings.js'
import type { VerifiedAccount } from '../shared/verified-account.js'

/** Wire names of the identifier in each body (the email and SMS APIs name it differently). */
export interface OtpBodyFields {
  /** init, authenticate, link and transfer: `email` / `phoneNumber`. */
  identifier: string
  /** unlink: `address` / `phoneNumber`. */
  unlink: string
  /** update: `oldAddress` / `old_phone_number` and `newAddress` / `new_phone_number`. */
  updateOld: string
  updateNew: string
}

/** What differs between one-time codes by email and by SMS; `mountOtpRoutes` does everything else. */
export interface OtpChannel {
  method: 'email' | 'sms'
  accountType: Extract<LinkedAccountType, 'email' | 'phone'>
  /** Names the medium in error messages: 'email', 'SMS'. */
  label: string
  /** Names the server setting that enables delivery, for the `feature_not_enabled` message. */
  deliverySetting: string
  codeTtlSeconds: number
  fields: OtpBodyFields
  /** The channel's protocol routes, which `mountOtpRoutes` registers. */
  routes: Record<'init' | 'authenticate' | 'link' | 'unlink' | 'update' | 'transfer', Route>
  /** Validates and normalises an identifier (lower-case email, E.164 number). */
  identifier: z.ZodType<string>
  /** App rules an identifier must pass before a code is sent (plus addresses, unsupported regions). */
  assertSendable(app: AppRecord, identifier: string): void
  /** Send buckets on top of the per-identifier cooldown and cap (per country calling code for SMS). */
  sendLimits(ctx: ServerContext, app: AppRecord, identifier: string): { bucket: string; rule: RateLimitRule }[]
  /** Where the app's codes go: email, or sms / whatsapp (the app's WhatsApp setting). */
  deliveryChannel(app: AppRecord): DeliveryChannel
  message(app: AppRecord, identifier: string, code: string): CodeMessage
  account(identifier: string): VerifiedAccount
}
