/** Guest accounts. */
import type { AuthenticatedUserDto } from '../dto.js'
import { post } from './route.js'

export interface GuestAuthenticateBody {
  guest_credential: string
}

export const guestAuthenticateRoute = post<GuestAuthenticateBody, AuthenticatedUserDto>('/api/v1/guest/authenticate')

/** Its fields of the app config (`AppConfigDto`), merged into dto.ts's. */
declare module '../dto.js' {
  interface AppConfigDto {
    guest_auth: boolean
  }
}
