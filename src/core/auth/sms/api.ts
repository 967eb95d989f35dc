import type {
  AuthenticatedUserDto,
  SmsAuthenticateBody,
  SmsInitBody,
  SmsLinkBody,
  SmsTransferBody,
  SmsUnlinkBody,
  SmsUpdateBody,
  SuccessDto,
  UserDto,
} from '../../../protocol/index.js'
import { smsAuthenticateRoute, smsInitRoute, smsLinkRoute, smsTransferRoute, smsUnlinkRoute, smsUpdateRoute } from '../../../protocol/routes/sms.js'
import type { Transport } from '../../api/transport.js'

/** Sends an SMS one-time code; with `auth` the code is bound to the signed-in user (link and update). */
export function initSms(transport: Transport, body: SmsInitBody, options: { auth?: boolean } = {}): Promise<SuccessDto> {
  return transport.request(smsInitRoute, { body, auth: options.auth })
}

export function authenticateSms(transport: Transport, body: SmsAuthenticateBody): Promise<AuthenticatedUserDto> {
  return transport.request(smsAuthenticateRoute, { body })
}

export function linkSms(transport: Transport, body: SmsLinkBody): Promise<UserDto> {
  return transport.request(smsLinkRoute, { body, auth: true })
}

export function updateSms(transport: Transport, body: SmsUpdateBody): Promise<UserDto> {
  return transport.request(smsUpdateRoute, { body, auth: true })
}

export function unlinkSms(transport: Transport, body: SmsUnlinkBody): Promise<UserDto> {
  return transport.request(smsUnlinkRoute, { body, auth: true })
}

/** Account transfer (wallet spec, "The calls it makes"): the account moves to the signed-in user. */
export function transferSms(transport: Transport, body: SmsTransferBody): Promise<UserDto> {
  return transport.request(smsTransferRoute, { body, auth: true })
}
