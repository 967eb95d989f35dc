import type {
  AuthenticatedUserDto,
  PasswordlessAuthenticateBody,
  PasswordlessInitBody,
  PasswordlessLinkBody,
  PasswordlessTransferBody,
  PasswordlessUnlinkBody,
  PasswordlessUpdateBody,
  SuccessDto,
  UserDto,
} from '../../../protocol/index.js'
import {
  passwordlessAuthenticateRoute,
  passwordlessInitRoute,
  passwordlessLinkRoute,
  passwordlessTransferRoute,
  passwordlessUnlinkRoute,
  passwordlessUpdateRoute,
} from '../../../protocol/routes/email.js'
import type { Transport } from '../../api/transport.js'

/**
 * Sends an email one-time code; `captchaToken` goes in the spec's `token` field. With `auth` the bearer
 * rides along, so the server binds the code to the signed-in user (link and update).
 */
export function initPasswordless(transport: Transport, body: PasswordlessInitBody, options: { auth?: boolean } = {}): Promise<SuccessDto> {
  return transport.request(passwordlessInitRoute, { body, auth: options.auth })
}

export function authenticatePasswordless(transport: Transport, body: PasswordlessAuthenticateBody): Promise<AuthenticatedUserDto> {
  return transport.request(passwordlessAuthenticateRoute, { body })
}

export function linkPasswordless(transport: Transport, body: PasswordlessLinkBody): Promise<UserDto> {
  return transport.request(passwordlessLinkRoute, { body, auth: true })
}

export function updatePasswordless(transport: Transport, body: PasswordlessUpdateBody): Promise<UserDto> {
  return transport.request(passwordlessUpdateRoute, { body, auth: true })
}

export function unlinkPasswordless(transport: Transport, body: PasswordlessUnlinkBody): Promise<UserDto> {
  return transport.request(passwordlessUnlinkRoute, { body, auth: true })
}

/** Account transfer (wallet spec, "The calls it makes"): the address moves to the signed-in user. */
export function transferPasswordless(transport: Transport, body: PasswordlessTransferBody): Promise<UserDto> {
  return transport.request(passwordlessTransferRoute, { body, auth: true })
}
