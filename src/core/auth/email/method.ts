/** Email one-time codes: the channel (address rules, routes) loads with the first code, so the landing draws its input without it. */
import { landingFlags } from '../login-method-config.js'
import { defineOtpMethod } from '../otp/method.js'

export const emailMethod = defineOtpMethod(
  'email',
  {
    accounts: { map: { email: (dto) => ({ type: 'email', address: dto.address }) }, slots: { email: 'email' } },
    // Addresses compare case-insensitively.
    accountKey: {
      of: (account, method) => (method === 'email' && account.type === 'email' ? account.address.toLowerCase() : null),
      normalize: (key) => key.toLowerCase(),
    },
    landing: landingFlags({ email: (dto) => dto.email_auth }),
  },
  () => import('./channel.js').then((channel) => channel.emailChannel),
)
