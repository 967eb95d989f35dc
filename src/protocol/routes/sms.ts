/** SMS one-time codes (`passwordless_sms/*`). */
import type { AuthMode } from '../constants.js'
import type { AuthenticatedUserDto, SuccessDto, UserDto, LinkedAccountBase } from '../dto.js'
import { post } from './route.js'

export interface SmsInitBody {
  phoneNumber: string
  token?: string
}
export interface SmsAuthenticateBody {
  phoneNumber: string
  code: string
  mode?: AuthMode
}
export interface SmsLinkBody {
  phoneNumber: string
  code: string
}
export interface SmsUnlinkBody {
  phoneNumber: string
}
export interface SmsUpdateBody {
  old_phone_number: string
  new_phone_number: string
  code: string
}
export interface SmsTransferBody {
  nonce: string
  phoneNumber: string
}

export const smsInitRoute = post<SmsInitBody, SuccessDto>('/api/v1/passwordless_sms/init')
export const smsAuthenticateRoute = post<SmsAuthenticateBody, AuthenticatedUserDto>('/api/v1/passwordless_sms/authenticate')
export const smsLinkRoute = post<SmsLinkBody, UserDto>('/api/v1/passwordless_sms/link')
export const smsUnlinkRoute = post<SmsUnlinkBody, UserDto>('/api/v1/passwordless_sms/unlink')
export const smsUpdateRoute = post<SmsUpdateBody, UserDto>('/api/v1/passwordless_sms/update')
export const smsTransferRoute = post<SmsTransferBody, UserDto>('/api/v1/passwordless_sms/transfer')

export interface PhoneAccountDto extends LinkedAccountBase {
  type: 'phone'
  number?: string
  phoneNumber?: string
}

/** Its linked accounts and its fields of the app config (`AppConfigDto`), merged into dto.ts's. */
declare module '../dto.js' {
  interface LinkedAccountDtos {
    phone: PhoneAccountDto
  }
  interface AppConfigDto {
    sms_auth: boolean
  }
}
