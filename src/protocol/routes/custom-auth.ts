/** Custom JWT (bring your own identity provider). */
import { post } from './route.js'

export const customJwtAuthenticateRoute = post('/api/v1/custom_jwt_account/authenticate')
export const customJwtLinkRoute = post('/api/v1/custom_jwt_account/link')
