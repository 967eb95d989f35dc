import {
  routes,
  type AuthenticatedUserDto,
  type OAuthAuthenticateBody,
  type OAuthInitBody,
  type OAuthInitResponse,
  type OAuthLinkBody,
  type OAuthUnlinkBody,
  type UserDto,
} from '../../protocol/index.js'
import type { Transport } from './transport.js'

/** Asks the server for the provider's authorization URL; `token` carries the CAPTCHA token. */
export function initOAuth(transport: Transport, body: OAuthInitBody): Promise<OAuthInitResponse> {
  return transport.request<OAuthInitResponse>(routes.oauthInit, { body })
}

export function authenticateOAuth(transport: Transport, body: OAuthAuthenticateBody): Promise<AuthenticatedUserDto> {
  return transport.request<AuthenticatedUserDto>(routes.oauthAuthenticate, { body })
}

/** Links the provider identity to the signed-in user; answers with the updated user. */
export function linkOAuth(transport: Transport, body: OAuthLinkBody): Promise<UserDto> {
  return transport.request<UserDto>(routes.oauthLink, { body, auth: true })
}

export function unlinkOAuth(transport: Transport, body: OAuthUnlinkBody): Promise<UserDto> {
  return transport.request<UserDto>(routes.oauthUnlink, { body, auth: true })
}
