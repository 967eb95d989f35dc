/** Guest accounts. */
import type { AuthenticatedUserDto, GuestAuthenticateBody } from '../dto.js'
import { post } from './route.js'

export const guestAuthenticateRoute = post<GuestAuthenticateBody, AuthenticatedUserDto>('/api/v1/guest/authenticate')
