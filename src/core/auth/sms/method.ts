/** SMS one-time codes: the channel (libphonenumber-js, routes) loads with the first code, so the landing draws its input without it. */
import { landingFlags } from '../login-method-config.js'
import { defineOtpMethod } from '../otp/method.js'
import { smsConfig } from './config.js'

export const smsMethod = defineOtpMethod(
  'sms',
  {
    accounts: { map: { phone: (dto) => ({ type: 'phone', number: dto.number ?? dto.phoneNumber ?? '' }) }, slots: { phone: 'phone' } },
    accountKey: { of: (account, method) => (method === 'sms' && account.type === 'phone' ? account.number : null) },
    landing: landingFlags({ sms: (dto) => dto.sms_auth }),
    config: smsConfig,
  },
  () => import('./channel.js').then((channel) => channel.smsChannel),
)
