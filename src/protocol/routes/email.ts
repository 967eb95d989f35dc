/** Email one-time codes (`passwordless/*`). */
import { post } from './route.js'

export const passwordlessInitRoute = post('/api/v1/passwordless/init')
export const passwordlessAuthenticateRoute = post('/api/v1/passwordless/authenticate')
export const passwordlessLinkRoute = post('/api/v1/passwordless/link')
export const passwordlessUnlinkRoute = post('/api/v1/passwordless/unlink')
export const passwordlessUpdateRoute = post('/api/v1/passwordless/update')
export const passwordlessTransferRoute = post('/api/v1/passwordless/transfer')
