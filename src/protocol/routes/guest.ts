/** Guest accounts. */
import { post } from './route.js'

export const guestAuthenticateRoute = post('/api/v1/guest/authenticate')
