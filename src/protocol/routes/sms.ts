/** SMS one-time codes (`passwordless_sms/*`). */
import { post } from './route.js'

export const smsInitRoute = post('/api/v1/passwordless_sms/init')
export const smsAuthenticateRoute = post('/api/v1/passwordless_sms/authenticate')
export const smsLinkRoute = post('/api/v1/passwordless_sms/link')
export const smsUnlinkRoute = post('/api/v1/passwordless_sms/unlink')
export const smsUpdateRoute = post('/api/v1/passwordless_sms/update')
export const smsTransferRoute = post('/api/v1/passwordless_sms/transfer')
