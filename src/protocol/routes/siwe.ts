/** Sign-in with Ethereum. */
import { post } from './route.js'

export const siweInitRoute = post('/api/v1/siwe/init')
export const siweAuthenticateRoute = post('/api/v1/siwe/authenticate')
export const siweLinkRoute = post('/api/v1/siwe/link')
export const siweLinkSmartWalletRoute = post('/api/v1/siwe/link_smart_wallet')
export const siweUnlinkRoute = post('/api/v1/siwe/unlink')
export const siweTransferRoute = post('/api/v1/siwe/transfer')
