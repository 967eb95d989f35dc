/** OAuth (sign-in spec, "States and transitions"). */
import { get, post } from './route.js'

export const oauthInitRoute = post('/api/v1/oauth/init')
/** Where providers send the browser back; the server then redirects to the app's `redirect_to`. */
export const oauthCallbackRoute = get('/api/v1/oauth/callback/:provider')
export const oauthAuthenticateRoute = post('/api/v1/oauth/authenticate')
export const oauthLinkRoute = post('/api/v1/oauth/link')
export const oauthUnlinkRoute = post('/api/v1/oauth/unlink')
export const oauthTransferRoute = post('/api/v1/oauth/transfer')
