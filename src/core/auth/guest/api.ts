import type { AuthenticatedUserDto, GuestAuthenticateBody } from '../../../protocol/index.js'
import { guestAuthenticateRoute } from '../../../protocol/routes/guest.js'
import type { Transport } from '../../api/transport.js'

/** Signs in (or up) the guest that `guest_credential` names. */
export function authenticateGuest(transport: Transport, body: GuestAuthenticateBody): Promise<AuthenticatedUserDto> {
  return transport.request(guestAuthenticateRoute, { body })
}
