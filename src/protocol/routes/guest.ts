/** Guest accounts. */
import type { AuthenticatedUserDto } from '../dto.js'
import { post } from './route.js'

export interface GuestAuthenticateBody {
  guest_credential: string
}

export const guestAuthenticateRoute = post<GuestAuthenticateBody, AuthenticatedUserDto>('/api/v1/guest/authenticate')
