/** SMS one-time codes (`passwordless_sms/*`). */
import type { AuthenticatedUserDto, SmsAuthenticateBody, SmsInitBody, SmsLinkBody, SmsTransferBody, SmsUnlinkBody, SmsUpdateBody, SuccessDto, UserDto } from '../dto.js'
import { post } from './route.js'

export const smsInitRoute = post<SmsInitBody, SuccessDto>('/api/v1/passwordless_sms/init')
export const smsAuthenticateRoute = post<SmsAuthenticateBody, AuthenticatedUserDto>('/api/v1/passwordless_sms/authenticate')
export const smsLinkRoute = post<SmsLinkBody, UserDto>('/api/v1/passwordless_sms/link')
export const smsUnlinkRoute = post<SmsUnlinkBody, UserDto>('/api/v1/passwordless_sms/unlink')
export const smsUpdateRoute = post<SmsUpdateBody, UserDto>('/api/v1/passwordless_sms/update')
export const smsTransferRoute = post<SmsTransferBody, UserDto>('/api/v1/passwordless_sms/transfer')
