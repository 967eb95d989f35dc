/** OAuth (sign-in spec, "States and transitions"). */
import type { AuthMode, OAuthProvider } from '../constants.js'
import type { AuthenticatedUserDto, OAuthTokensDto, UserDto, LinkedAccountBase } from '../dto.js'
import { get, post } from './route.js'

/** Response of the OAuth link: the user, with the provider's tokens beside its fields (public-api's OAuthLinkResponse). */
export type OAuthLinkDto = UserDto & { oauth_tokens?: OAuthTokensDto }
export interface OAuthInitBody {
  provider: OAuthProvider
  /** Must equal one of the app's allowed redirect URLs exactly (docs/security.md #14). */
  redirect_to: string
  /** S256 of the client's verifier, base64url. */
  code_challenge: string
  state_code: string
  /** CAPTCHA token. */
  token?: string
}
export interface OAuthInitResponse {
  url: string
}
export interface OAuthAuthenticateBody {
  authorization_code: string
  state_code: string
  code_verifier: string
  code_type?: 'raw'
  mode?: AuthMode
}
export type OAuthLinkBody = Omit<OAuthAuthenticateBody, 'mode'>
export interface OAuthUnlinkBody {
  provider: OAuthProvider
  subject: string
}
export interface OAuthTransferBody {
  nonce: string
  userInfo?: Record<string, unknown>
}

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

export interface OAuthAccountDto extends LinkedAccountBase {
  type:
    | 'google_oauth'
    | 'twitter_oauth'
    | 'discord_oauth'
    | 'github_oauth'
    | 'spotify_oauth'
    | 'instagram_oauth'
    | 'tiktok_oauth'
    | 'line_oauth'
    | 'linkedin_oauth'
    | 'apple_oauth'
  subject: string
  email?: string | null
  name?: string | null
  username?: string | null
  profile_picture_url?: string | null
  vanity_name?: string | null
}

/** Its linked accounts and its fields of the app config (`AppConfigDto`), merged into dto.ts's. */
declare module '../dto.js' {
  interface LinkedAccountDtos {
    oauth: OAuthAccountDto
  }
  interface AppConfigDto {
    google_oauth: boolean
    twitter_oauth: boolean
    discord_oauth: boolean
    github_oauth: boolean
    spotify_oauth: boolean
    instagram_oauth: boolean
    tiktok_oauth: boolean
    line_oauth: boolean
    linkedin_oauth: boolean
    apple_oauth: boolean
  }
}
