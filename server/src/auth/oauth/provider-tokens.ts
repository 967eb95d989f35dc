import type { OAuth2Tokens } from 'arctic'
import type { OAuthProvider, OAuthTokensDto } from '../../../../src/protocol/index.js'

const seconds = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined)

/** The provider's tokens as the auth response's `oauth_tokens` (sign-in spec, "Entities and their fields"). */
export function providerTokens(provider: OAuthProvider, tokens: OAuth2Tokens): OAuthTokensDto {
  const data = tokens.data as Record<string, unknown>
  const scope = typeof data.scope === 'string' ? data.scope : null
  return {
    provider,
    access_token: tokens.accessToken(),
    access_token_expires_in_seconds: seconds(data.expires_in),
    refresh_token: typeof data.refresh_token === 'string' ? data.refresh_token : undefined,
    // TikTok names it refresh_expires_in.
    refresh_token_expires_in_seconds: seconds(data.refresh_token_expires_in ?? data.refresh_expires_in),
    scopes: scope ? scope.split(/[\s,]+/).filter(Boolean) : undefined,
  }
}
