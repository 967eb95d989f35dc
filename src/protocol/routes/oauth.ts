/** OAuth (sign-in spec, "States and transitions"). */
import type { AuthenticatedUserDto, OAuthAuthenticateBody, OAuthInitBody, OAuthInitResponse, OAuthLinkBody, OAuthLinkDto, OAuthTransferBody, OAuthUnlinkBody, UserDto } from '../dto.js'
import { get, post } from './route.js'

const OAUTH_CALLBACK_PATH = '/api/v1/oauth/callback/:provider'

export const oauthInitRoute = post<OAuthInitBody, OAuthInitResponse>('/api/v1/oauth/init')
/** Where providers send the browser back; the server then redirects to the app's `redirect_to`. */
export const oauthCallbackRoute = get<never>(OAUTH_CALLBACK_PATH)
/** The same return as a form post (Apple's `response_mode=form_post`). */
export const oauthFormPostCallbackRoute = post<Record<string, string>, never>(OAUTH_CALLBACK_PATH)
export const oauthAuthenticateRoute = post<OAuthAuthenticateBody, AuthenticatedUserDto>('/api/v1/oauth/authenticate')
export const oauthLinkRoute = post<OAuthLinkBody, OAuthLinkDto>('/api/v1/oauth/link')
export const oauthUnlinkRoute = post<OAuthUnlinkBody, UserDto>('/api/v1/oauth/unlink')
export const oauthTransferRoute = post<OAuthTransferBody, UserDto>('/api/v1/oauth/transfer')
