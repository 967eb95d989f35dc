/** Email one-time codes (`passwordless/*`). */
import type { AuthMode } from '../constants.js'
import type { AuthenticatedUserDto, SuccessDto, UserDto, LinkedAccountBase } from '../dto.js'
import { post } from './route.js'

export interface PasswordlessInitBody {
  email: string
  token?: string
}
export interface PasswordlessAuthenticateBody {
  email: string
  code: string
  mode?: AuthMode
}
export interface PasswordlessLinkBody {
  email: string
  code: string
}
export interface PasswordlessUnlinkBody {
  address: string
}
export interface PasswordlessUpdateBody {
  oldAddress: string
  newAddress: string
  code: string
}
/** Account transfer after `account_transfer_required` (wallet spec, "The calls it makes"): one POST per account type. */
export interface PasswordlessTransferBody {
  nonce: string
  email: string
}

export const passwordlessInitRoute = post<PasswordlessInitBody, SuccessDto>('/api/v1/passwordless/init')
export const passwordlessAuthenticateRoute = post<PasswordlessAuthenticateBody, AuthenticatedUserDto>('/api/v1/passwordless/authenticate')
export const passwordlessLinkRoute = post<PasswordlessLinkBody, UserDto>('/api/v1/passwordless/link')
export const passwordlessUnlinkRoute = post<PasswordlessUnlinkBody, UserDto>('/api/v1/passwordless/unlink')
export const passwordlessUpdateRoute = post<PasswordlessUpdateBody, UserDto>('/api/v1/passwordless/update')
export const passwordlessTransferRoute = post<PasswordlessTransferBody, UserDto>('/api/v1/passwordless/transfer')

export interface EmailAccountDto extends LinkedAccountBase {
  type: 'email'
  address: string
}

/** Its linked accounts and its fields of the app config (`AppConfigDto`), merged into dto.ts's. */
declare module '../dto.js' {
  interface LinkedAccountDtos {
    email: EmailAccountDto
  }
  interface AppConfigDto {
    email_auth: boolean
    disable_plus_emails: boolean
  }
}
