/** Passkeys (WebAuthn). */
import type { AuthMode } from '../constants.js'
import type { AuthenticatedUserDto, UserDto } from '../dto.js'
import { post, type EmptyDto } from './route.js'

/** Passkey inits: the relying party the server chose and the browser's options, in the wire's snake_case. */
export interface PasskeyInitBody {
  token?: string
}
export interface PasskeyInitDto {
  relying_party: string
  options: Record<string, unknown>
}
/** `authenticator_response` is the browser's answer in the wire's snake_case (passkey-wire.ts). */
export interface PasskeyRegisterBody {
  relying_party: string
  authenticator_response: Record<string, unknown>
  mode?: AuthMode
}
export interface PasskeyAuthenticateBody extends PasskeyRegisterBody {
  challenge: string
}
export interface PasskeyUnlinkBody {
  credential_id: string
}

export const passkeyRegisterInitRoute = post<PasskeyInitBody, PasskeyInitDto>('/api/v1/passkeys/register/init')
export const passkeyRegisterRoute = post<PasskeyRegisterBody, AuthenticatedUserDto>('/api/v1/passkeys/register')
export const passkeyAuthenticateInitRoute = post<PasskeyInitBody, PasskeyInitDto>('/api/v1/passkeys/authenticate/init')
export const passkeyAuthenticateRoute = post<PasskeyAuthenticateBody, AuthenticatedUserDto>('/api/v1/passkeys/authenticate')
export const passkeyLinkInitRoute = post<EmptyDto, PasskeyInitDto>('/api/v1/passkeys/link/init')
export const passkeyLinkRoute = post<PasskeyRegisterBody, UserDto>('/api/v1/passkeys/link')
export const passkeyUnlinkRoute = post<PasskeyUnlinkBody, UserDto>('/api/v1/passkeys/unlink')
