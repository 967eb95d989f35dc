/** The email side of the one-time code flow: `passwordless/*` routes and the email rules of the sign-in spec, "Validation rules". */
import { authenticatePasswordless, initPasswordless, linkPasswordless, transferPasswordless, unlinkPasswordless, updatePasswordless } from './api.js'
import type { OtpChannel } from '../otp/channel.js'
import { invalidEmailError, plusEmailError } from './errors.js'
import { hasPlusAddress, isValidEmail } from './validation.js'

export const emailChannel: OtpChannel = {
  method: 'email',
  async normalize(raw) {
    const email = raw.trim()
    if (!isValidEmail(email)) throw invalidEmailError()
    return email
  },
  assertSendable(email, config) {
    if (config.disablePlusEmails && hasPlusAddress(email)) throw plusEmailError()
  },
  init: (transport, email, { captchaToken, auth }) => initPasswordless(transport, { email, token: captchaToken }, { auth }),
  authenticate: (transport, email, code, mode) => authenticatePasswordless(transport, { email, code, mode }),
  link: (transport, email, code) => linkPasswordless(transport, { email, code }),
  update: (transport, oldAddress, newAddress, code) => updatePasswordless(transport, { oldAddress, newAddress, code }),
  unlink: (transport, address) => unlinkPasswordless(transport, { address }),
  transferAccount: (transport, { nonce, account }) => transferPasswordless(transport, { nonce, email: account }),
}
