/** Email one-time codes (`passwordless/*`). */
import type { AuthenticatedUserDto, PasswordlessAuthenticateBody, PasswordlessInitBody, PasswordlessLinkBody, PasswordlessTransferBody, PasswordlessUnlinkBody, PasswordlessUpdateBody, SuccessDto, UserDto } from '../dto.js'
import { post } from './route.js'

export const passwordlessInitRoute = post<PasswordlessInitBody, SuccessDto>('/api/v1/passwordless/init')
export const passwordlessAuthenticateRoute = post<PasswordlessAuthenticateBody, AuthenticatedUserDto>('/api/v1/passwordless/authenticate')
export const passwordlessLinkRoute = post<PasswordlessLinkBody, UserDto>('/api/v1/passwordless/link')
export const passwordlessUnlinkRoute = post<PasswordlessUnlinkBody, UserDto>('/api/v1/passwordless/unlink')
export const passwordlessUpdateRoute = post<PasswordlessUpdateBody, UserDto>('/api/v1/passwordless/update')
export const passwordlessTransferRoute = post<PasswordlessTransferBody, UserDto>('/api/v1/passwordless/transfer')
