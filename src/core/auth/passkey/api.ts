/** The passkey endpoints (sign-in spec, "The calls it makes": "Passkey"): each ceremony is an init, then the authenticator's answer. */
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser'
import { fromPasskeyWire, toPasskeyWire, type AuthenticatedUserDto, type PasskeyInitDto, type UserDto } from '../../../protocol/index.js'
import {
  passkeyAuthenticateRoute,
  passkeyAuthenticateInitRoute,
  passkeyLinkRoute,
  passkeyLinkInitRoute,
  passkeyRegisterRoute,
  passkeyRegisterInitRoute,
  passkeyUnlinkRoute,
} from '../../../protocol/routes/passkey.js'
import type { Transport } from '../../api/transport.js'

/** What every init answers: the relying party the server chose and the options for the browser. */
export interface PasskeyInit<Options> {
  relying_party: string
  options: Options
}
export type RegistrationInit = PasskeyInit<PublicKeyCredentialCreationOptionsJSON>
export type AuthenticationInit = PasskeyInit<PublicKeyCredentialRequestOptionsJSON>

/** The authenticator's answer leaves in the wire's snake_case. */
const onWire = <Body extends { authenticator_response: object }>(body: Body) => ({
  ...body,
  authenticator_response: toPasskeyWire(body.authenticator_response),
})

/** The init's options arrive in snake_case; the browser library reads camelCase. */
const fromWire = async <Options>(answer: Promise<PasskeyInitDto>): Promise<PasskeyInit<Options>> => {
  const init = await answer
  return { ...init, options: fromPasskeyWire<Options>(init.options) }
}

/** `token` carries the CAPTCHA token. */
export const registerInit = (transport: Transport, token: string | undefined): Promise<RegistrationInit> =>
  fromWire(transport.request(passkeyRegisterInitRoute, { body: token ? { token } : {} }))

export const register = (
  transport: Transport,
  body: { relying_party: string; authenticator_response: RegistrationResponseJSON },
): Promise<AuthenticatedUserDto> => transport.request(passkeyRegisterRoute, { body: onWire(body) })

export const authenticateInit = (transport: Transport, token: string | undefined): Promise<AuthenticationInit> =>
  fromWire(transport.request(passkeyAuthenticateInitRoute, { body: token ? { token } : {} }))

export const authenticate = (
  transport: Transport,
  body: { relying_party: string; challenge: string; authenticator_response: AuthenticationResponseJSON },
): Promise<AuthenticatedUserDto> => transport.request(passkeyAuthenticateRoute, { body: onWire(body) })

export const linkInit = (transport: Transport): Promise<RegistrationInit> => fromWire(transport.request(passkeyLinkInitRoute, { body: {}, auth: true }))

export const link = (transport: Transport, body: { relying_party: string; authenticator_response: RegistrationResponseJSON }): Promise<UserDto> =>
  transport.request(passkeyLinkRoute, { body: onWire(body), auth: true })

export const unlink = (transport: Transport, credentialId: string): Promise<UserDto> =>
  transport.request(passkeyUnlinkRoute, { body: { credential_id: credentialId }, auth: true })
