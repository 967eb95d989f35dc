/** The SMS side of the one-time code flow: `passwordless_sms/*` routes with numbers in E.164. */
import { authenticateSms, initSms, linkSms, transferSms, unlinkSms, updateSms } from './api.js'
import type { OtpChannel } from '../otp/channel.js'
import { normalizePhoneNumber } from './phone-number.js'

export const smsChannel: OtpChannel = {
  method: 'sms',
  normalize: (raw, config) => normalizePhoneNumber(raw, config.intl.defaultCountry),
  init: (transport, phoneNumber, { captchaToken, auth }) => initSms(transport, { phoneNumber, token: captchaToken }, { auth }),
  authenticate: (transport, phoneNumber, code, mode) => authenticateSms(transport, { phoneNumber, code, mode }),
  link: (transport, phoneNumber, code) => linkSms(transport, { phoneNumber, code }),
  update: (transport, oldPhoneNumber, newPhoneNumber, code) =>
    updateSms(transport, { old_phone_number: oldPhoneNumber, new_phone_number: newPhoneNumber, code }),
  unlink: (transport, phoneNumber) => unlinkSms(transport, { phoneNumber }),
  transferAccount: (transport, { nonce, account }) => transferSms(transport, { nonce, phoneNumber: account }),
}
