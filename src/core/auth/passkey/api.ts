/** The passkey endpoints (document 1 §7 "Passkey"): each ceremony is an init, then the authenticator's answer. */
import type { AuthenticationResponseJSON, PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON, RegistrationResponseJSON } from '@simplewebauthn/browser'
import { routes, type AuthenticatedUserDto, type UserDto } from '../../../protocol/index.js'
import type { Transport } from '../../api/transport.js'

/** What every init answers: the relying party the server chose and the options for the browser. */
export interface PasskeyInit<Options> {
  relying_party: string
  options: Options
}
export type RegistrationInit = PasskeyInit<PublicKeyCredentialCreationOptionsJSON>
export type AuthenticationInit = PasskeyInit<PublicKeyCredentialRequestOptionsJSON>

/** `token` carries the CAPTCHA token. */
export const registerInit = (transport: Transport, token: string | undefined): Promise<RegistrationInit> =>
  transport.request<RegistrationInit>(routes.passkeyRegisterInit, { body: token ? { token } : {} })

export const register = (transport: Transport, body: { relying_party: string; authenticator_response: RegistrationResponseJSON }): Promise<AuthenticatedUserDto> =>
  transport.request<AuthenticatedUserDto>(routes.passkeyRegister, { body })

export const authenticateInit = (transport: Transport, token: string | undefined): Promise<AuthenticationInit> =>
  transport.request<AuthenticationInit>(routes.passkeyAuthenticateInit, { body: token ? { token } : {} })

export const authenticate = (
  transport: Transport,
  body: { relying_party: string; challenge: string; authenticator_response: AuthenticationResponseJSON },
): Promise<AuthenticatedUserDto> => transport.request<AuthenticatedUserDto>(routes.passkeyAuthenticate, { body })

export const linkInit = (transport: Transport): Promise<RegistrationInit> =>
  transport.request<RegistrationInit>(routes.passkeyLinkInit, { body: {}, auth: true })

export const link = (transport: Transport, body: { relying_party: string; authenticator_response: RegistrationResponseJSON }): Promise<UserDto> =>
  transport.request<UserDto>(routes.passkeyLink, { body, auth: true })

export const unlink = (transport: Transport, credentialId: string): Promise<UserDto> =>
  transport.request<UserDto>(routes.passkeyUnlink, { body: { credential_id: credentialId }, auth: true })
