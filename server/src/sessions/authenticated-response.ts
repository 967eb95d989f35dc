import type { AuthenticatedUserDto, SessionUpdateAction, UserDto } from '../../../src/protocol/index.js'
import type { ServerContext } from '../context.js'
import { signAccessToken, signIdentityToken } from './tokens.js'

/** The `AuthenticatedUser` body: fresh access and identity tokens for the session. */
export async function authenticatedResponse(
  ctx: ServerContext,
  appId: string,
  user: UserDto,
  sessionId: string,
  refreshToken: string | null,
  action: SessionUpdateAction,
  isNewUser?: boolean,
): Promise<AuthenticatedUserDto> {
  const token = await signAccessToken(ctx, appId, user.id, sessionId)
  return {
    user,
    token,
    privy_access_token: token,
    refresh_token: refreshToken,
    identity_token: await signIdentityToken(ctx, appId, user),
    ...(isNewUser === undefined ? {} : { is_new_user: isNewUser }),
    session_update_action: action,
  }
}
