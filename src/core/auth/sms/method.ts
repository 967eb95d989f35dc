/** SMS one-time codes: the channel (libphonenumber-js, routes) loads with the first code, so the landing draws its input without it. */
import { defineOtpMethod } from '../otp/method.js'
import { smsConfig } from './config.js'

export const smsMethod = defineOtpMethod(
  'sms',
  { map: { phone: (dto) => ({ type: 'phone', number: dto.number ?? dto.phoneNumber ?? '' }) }, slots: { phone: 'phone' } },
  () => import('./channel.js').then((channel) => channel.smsChannel),
  smsConfig,
)
