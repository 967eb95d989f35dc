import type {
  AuthenticatedUserDto,
  OAuthAuthenticateBody,
  OAuthInitBody,
  OAuthInitResponse,
  OAuthLinkBody,
  OAuthLinkDto,
  OAuthTransferBody,
  OAuthUnlinkBody,
  UserDto,
} from '../../../protocol/index.js'
import { oauthAuthenticateRoute, oauthInitRoute, oauthLinkRoute, oauthTransferRoute, oauthUnlinkRoute } from '../../../protocol/routes/oauth.js'
import type { Transport } from '../../api/transport.js'
import type { AccountTransfer } from '../transfer/types.js'

/** Asks the server for the provider's authorization URL; `token` carries the CAPTCHA token. */
export function initOAuth(transport: Transport, body: OAuthInitBody): Promise<OAuthInitResponse> {
  return transport.request(oauthInitRoute, { body })
}

export function authenticateOAuth(transport: Transport, body: OAuthAuthenticateBody): Promise<AuthenticatedUserDto> {
  return transport.request(oauthAuthenticateRoute, { body })
}

/** Links the provider identity to the signed-in user; answers with the updated user. */
export function linkOAuth(transport: Transport, body: OAuthLinkBody): Promise<OAuthLinkDto> {
  return transport.request(oauthLinkRoute, { body, auth: true })
}

export function unlinkOAuth(transport: Transport, body: OAuthUnlinkBody): Promise<UserDto> {
  return transport.request(oauthUnlinkRoute, { body, auth: true })
}

/** Account transfer (wallet spec, "The calls it makes"): the account moves to the signed-in user. */
export function transferAccount(transport: Transport, { nonce }: AccountTransfer): Promise<UserDto> {
  const body: OAuthTransferBody = { nonce }
  return transport.request(oauthTransferRoute, { body, auth: true })
}
