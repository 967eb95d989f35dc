import { OAuth2Client, OAuth2Tokens } from 'arctic'
import { appleClientSecret } from './apple-client-secret.js'
import { PROVIDER_TIMEOUT_MS, type ResolvedProvider } from './providers.js'

/** A token request the provider refused or answered with something unusable (never carries the secret). */
export class ProviderExchangeError extends Error {
  override name = 'ProviderExchangeError'
}

/**
 * Trades the provider's code for its tokens. Basic-auth providers go through arctic's generic
 * client; the others (LINE, LinkedIn, TikTok, Instagram, Apple) want the secret in the form body.
 */
export async function exchangeCode(
  provider: ResolvedProvider,
  code: string,
  codeVerifier: string | null,
  callbackUrl: string,
  nowMs: number,
): Promise<OAuth2Tokens> {
  const { clientId, clientSecret } = provider.settings
  if (provider.clientAuth === 'basic') {
    // arctic takes no abort signal: the request is given up on after the same timeout as the others.
    return withTimeout(new OAuth2Client(clientId, clientSecret, callbackUrl).validateAuthorizationCode(provider.tokenEndpoint, code, codeVerifier))
  }
  const body = new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: callbackUrl, [provider.clientIdParam ?? 'client_id']: clientId })
  const secret = provider.name === 'apple' ? await appleClientSecret(provider.settings, nowMs) : clientSecret
  if (secret) body.set('client_secret', secret)
  if (codeVerifier) body.set('code_verifier', codeVerifier)
  const response = await fetch(provider.tokenEndpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body,
    signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
  })
  const data: unknown = await response.json().catch(() => null)
  if (!response.ok || typeof data !== 'object' || data === null || 'error' in data)
    throw new ProviderExchangeError(`Token request failed with status ${response.status}`)
  return new OAuth2Tokens(data)
}

function withTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ProviderExchangeError(`Token request timed out after ${PROVIDER_TIMEOUT_MS} ms`)), PROVIDER_TIMEOUT_MS)
  })
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer))
}
