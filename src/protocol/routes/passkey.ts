/** Passkeys (WebAuthn). */
import type { AuthenticatedUserDto, PasskeyAuthenticateBody, PasskeyInitBody, PasskeyInitDto, PasskeyRegisterBody, PasskeyUnlinkBody, UserDto } from '../dto.js'
import { post, type EmptyDto } from './route.js'

export const passkeyRegisterInitRoute = post<PasskeyInitBody, PasskeyInitDto>('/api/v1/passkeys/register/init')
export const passkeyRegisterRoute = post<PasskeyRegisterBody, AuthenticatedUserDto>('/api/v1/passkeys/register')
export const passkeyAuthenticateInitRoute = post<PasskeyInitBody, PasskeyInitDto>('/api/v1/passkeys/authenticate/init')
export const passkeyAuthenticateRoute = post<PasskeyAuthenticateBody, AuthenticatedUserDto>('/api/v1/passkeys/authenticate')
export const passkeyLinkInitRoute = post<EmptyDto, PasskeyInitDto>('/api/v1/passkeys/link/init')
export const passkeyLinkRoute = post<PasskeyRegisterBody, UserDto>('/api/v1/passkeys/link')
export const passkeyUnlinkRoute = post<PasskeyUnlinkBody, UserDto>('/api/v1/passkeys/unlink')
