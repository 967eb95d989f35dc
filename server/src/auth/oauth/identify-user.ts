import type { OAuth2Tokens } from 'arctic'
import { profileMappers, type OAuthProfile } from './profiles.js'
import { PROVIDER_TIMEOUT_MS, type ResolvedProvider } from './providers.js'
import { verifyIdToken } from './verify-id-token.js'

async function getJson(url: string, accessToken: string): Promise<unknown> {
  const response = await fetch(url, {
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json', 'user-agent': 'tessera-server' },
    signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
  })
  if (!response.ok) throw new Error(`User API ${new URL(url).pathname} answered ${response.status}`)
  return response.json()
}

/** Who signed in: the validated ID token's claims for OpenID providers, the user API for the others. */
export async function identifyUser(provider: ResolvedProvider, tokens: OAuth2Tokens, nonce: string | null, nowMs: number): Promise<OAuthProfile> {
  const map = profileMappers[provider.name]
  if (provider.identity === 'id_token') {
    if (!nonce) throw new Error('OpenID sign-in without a nonce')
    return map(await verifyIdToken(provider, tokens.idToken(), nonce, nowMs))
  }
  if (!provider.userInfoEndpoint) throw new Error(`${provider.name} needs a user info endpoint`)
  const user = await getJson(provider.userInfoEndpoint, tokens.accessToken())
  if (!provider.emailsPath) return map(user)
  const emailsUrl = new URL(provider.userInfoEndpoint)
  emailsUrl.pathname += provider.emailsPath
  return map({ user, emails: await getJson(emailsUrl.toString(), tokens.accessToken()).catch(() => []) })
}
