/** Email one-time codes: the channel (address rules, routes) loads with the first code, so the landing draws its input without it. */
import { defineOtpMethod } from '../otp/method.js'

export const emailMethod = defineOtpMethod('email', { map: { email: (dto) => ({ type: 'email', address: dto.address }) }, slots: { email: 'email' } }, () =>
  import('./channel.js').then((channel) => channel.emailChannel),
)
