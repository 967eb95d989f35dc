import type { AuthenticatedUserDto, CustomJwtAuthenticateBody, CustomJwtLinkBody, UserDto } from '../../../protocol/index.js'
import { customJwtAuthenticateRoute, customJwtLinkRoute } from '../../../protocol/routes/custom-auth.js'
import type { Transport } from '../../api/transport.js'

/** Signs in with a token from the app's own identity provider. */
export function authenticateCustomJwt(transport: Transport, body: CustomJwtAuthenticateBody): Promise<AuthenticatedUserDto> {
  return transport.request(customJwtAuthenticateRoute, { body })
}

/** Links the app's identity to the signed-in user; answers with the updated user. */
export function linkCustomJwt(transport: Transport, body: CustomJwtLinkBody): Promise<UserDto> {
  return transport.request(customJwtLinkRoute, { body, auth: true })
}
