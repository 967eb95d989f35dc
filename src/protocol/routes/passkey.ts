/** Passkeys (WebAuthn). */
import type { AuthMode } from '../constants.js'
import type { AuthenticatedUserDto, UserDto, LinkedAccountBase } from '../dto.js'
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

export interface PasskeyAccountDto extends LinkedAccountBase {
  type: 'passkey'
  enrolled_in_mfa: boolean
  credential_id: string
  public_key?: string
  authenticator_name?: string | null
  created_with_device?: string | null
  created_with_os?: string | null
  created_with_browser?: string | null
}

/** Its linked accounts and its fields of the app config (`AppConfigDto`), merged into dto.ts's. */
declare module '../dto.js' {
  interface LinkedAccountDtos {
    passkey: PasskeyAccountDto
  }
  interface AppConfigDto {
    passkey_auth: boolean
    passkeys_for_signup_enabled: boolean
  }
}
