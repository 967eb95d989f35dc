import { CodeChallengeMethod, OAuth2Client } from 'arctic'
import type { ResolvedProvider } from './providers.js'

export interface AuthorizationRequest {
  state: string
  /** Our PKCE verifier for the provider leg; null where the provider takes no PKCE. */
  codeVerifier: string | null
  /** OpenID providers echo it in the ID token. */
  nonce: string | null
  callbackUrl: string
}

/** The provider's authorization URL (arctic's generic client), with the provider's quirks applied. */
export function authorizationUrl(provider: ResolvedProvider, request: AuthorizationRequest): string {
  const client = new OAuth2Client(provider.settings.clientId, null, request.callbackUrl)
  const url = request.codeVerifier
    ? client.createAuthorizationURLWithPKCE(provider.authorizationEndpoint, request.state, CodeChallengeMethod.S256, request.codeVerifier, provider.scopes)
    : client.createAuthorizationURL(provider.authorizationEndpoint, request.state, provider.scopes)
  if (request.nonce) url.searchParams.set('nonce', request.nonce)
  if (provider.scopeSeparator && provider.scopes.length > 0) url.searchParams.set('scope', provider.scopes.join(provider.scopeSeparator))
  if (provider.clientIdParam) {
    url.searchParams.delete('client_id')
    url.searchParams.set(provider.clientIdParam, provider.settings.clientId)
  }
  for (const [name, value] of Object.entries(provider.extraAuthorizationParams ?? {})) url.searchParams.set(name, value)
  return url.toString()
}
