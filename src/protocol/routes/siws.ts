/** Sign-in with Solana. */
import { post } from './route.js'

export const siwsInitRoute = post('/api/v1/siws/init')
export const siwsAuthenticateRoute = post('/api/v1/siws/authenticate')
export const siwsLinkRoute = post('/api/v1/siws/link')
export const siwsUnlinkRoute = post('/api/v1/siws/unlink')
export const siwsTransferRoute = post('/api/v1/siws/transfer')
