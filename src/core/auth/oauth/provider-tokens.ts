/** The OAuth provider's tokens a login answers with (`oauth_tokens`, sign-in spec, "Entities and their fields"), in the reference SDK's shape. */
import type { OAuthProvider, OAuthTokensDto } from '../../../protocol/index.js'

export interface OAuthTokens {
  provider: OAuthProvider
  accessToken: string
  accessTokenExpiresInSeconds?: number
  refreshToken?: string
  /** Absent with a refresh token: it does not expire. */
  refreshTokenExpiresInSeconds?: number
  scopes?: string[]
}

export function oauthTokensFromDto(dto: OAuthTokensDto): OAuthTokens {
  return {
    provider: dto.provider as OAuthProvider,
    accessToken: dto.access_token,
    accessTokenExpiresInSeconds: dto.access_token_expires_in_seconds,
    refreshToken: dto.refresh_token,
    refreshTokenExpiresInSeconds: dto.refresh_token_expires_in_seconds,
    scopes: dto.scopes,
  }
}
