import { SMS_OTP_TTL_SECONDS } from '../../../../src/protocol/index.js'
import type { AppRecord } from '../../apps/types.js'
import { codeText } from '../../delivery/code-message.js'
import { ApiError } from '../../http/api-error.js'
import * as routes from '../../../../src/protocol/routes/sms.js'
import type { OtpChannel } from '../otp/otp-channel.js'
import { countryCallingCode, phoneNumber, phoneRegion } from './phone-number.js'

/** Sign-in spec, "The error catalogue": 'This region is not supported': the app listed the number's region in `smsUnsupportedRegions`. */
function assertRegionSupported(app: AppRecord, e164: string): void {
  const region = phoneRegion(e164)
  if (region && app.smsUnsupportedRegions.some((unsupported) => unsupported.toUpperCase() === region)) {
    throw new ApiError(400, 'not_supported', 'SMS authentication from this region is not available')
  }
}

const textChannel = (app: AppRecord) => (app.whatsappEnabled ? 'whatsapp' : 'sms')

/** One-time codes by text message (WhatsApp when the app enables it): `/api/v1/passwordless_sms/*`, linked account type 'phone'. */
export const smsChannel: OtpChannel = {
  method: 'sms',
  accountType: 'phone',
  label: 'SMS',
  deliverySetting: 'set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM or TWILIO_WHATSAPP_FROM',
  codeTtlSeconds: SMS_OTP_TTL_SECONDS,
  fields: { identifier: 'phoneNumber', unlink: 'phoneNumber', updateOld: 'old_phone_number', updateNew: 'new_phone_number' },
  routes: {
    init: routes.smsInitRoute,
    authenticate: routes.smsAuthenticateRoute,
    link: routes.smsLinkRoute,
    unlink: routes.smsUnlinkRoute,
    update: routes.smsUpdateRoute,
    transfer: routes.smsTransferRoute,
  },
  identifier: phoneNumber,
  assertSendable: assertRegionSupported,
  sendLimits: (ctx, app, e164) => [{ bucket: `sms-country:${app.id}:${countryCallingCode(e164)}`, rule: ctx.rateLimits.smsSendsPerCountryCode }],
  deliveryChannel: textChannel,
  message: (app, e164, code) => codeText(app.id, app.name, e164, code, textChannel(app)),
  account: (e164) => ({ type: 'phone', key: e164, allowlistIdentifiers: [e164], displayName: e164 }),
}
