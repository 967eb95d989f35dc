import { OTP_TTL_SECONDS } from '../../../../src/protocol/index.js'
import { codeEmail } from '../../delivery/code-message.js'
import * as routes from '../../../../src/protocol/routes/email.js'
import type { OtpChannel } from '../otp/otp-channel.js'
import { assertEmailAllowed, emailAddress } from './email-address.js'

/** One-time codes by email: `/api/v1/passwordless/*`, linked account type 'email'. */
export const emailChannel: OtpChannel = {
  method: 'email',
  accountType: 'email',
  label: 'email',
  deliverySetting: 'set SMTP_URL',
  codeTtlSeconds: OTP_TTL_SECONDS,
  fields: { identifier: 'email', unlink: 'address', updateOld: 'oldAddress', updateNew: 'newAddress' },
  routes: {
    init: routes.passwordlessInitRoute,
    authenticate: routes.passwordlessAuthenticateRoute,
    link: routes.passwordlessLinkRoute,
    unlink: routes.passwordlessUnlinkRoute,
    update: routes.passwordlessUpdateRoute,
    transfer: routes.passwordlessTransferRoute,
  },
  identifier: emailAddress,
  assertSendable: assertEmailAllowed,
  sendLimits: () => [],
  deliveryChannel: () => 'email',
  message: (app, email, code) => codeEmail(app.id, app.name, email, code),
  account: (email) => ({ type: 'email', key: email, allowlistIdentifiers: [email], displayName: email }),
}
