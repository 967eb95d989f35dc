import { createRemoteJWKSet, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose'
import type { ResolvedProvider } from './providers.js'

const ASYMMETRIC = ['RS256', 'RS384', 'RS512', 'PS256', 'ES256', 'ES384', 'EdDSA']
/** Clock skew tolerated between us and the provider. */
const CLOCK_TOLERANCE_SECONDS = 60

// One key set per JWKS URL: jose caches keys and refetches on an unknown `kid`.
const keySets = new Map<string, JWTVerifyGetKey>()
function remoteKeys(jwksUri: string): JWTVerifyGetKey {
  let keys = keySets.get(jwksUri)
  if (!keys) keySets.set(jwksUri, (keys = createRemoteJWKSet(new URL(jwksUri))))
  return keys
}

/**
 * Validates an OpenID provider's ID token (docs/security.md #15): signature against the provider's JWKS
 * (or, for LINE's HS256 tokens, the channel secret), `iss`, `aud` = our client id, `exp`, and the
 * `nonce` we sent. Throws on any mismatch.
 */
export async function verifyIdToken(provider: ResolvedProvider, idToken: string, nonce: string, nowMs: number): Promise<JWTPayload> {
  if (!provider.jwksUri || !provider.issuer) throw new Error(`${provider.name} needs an issuer and a JWKS URL`)
  const jwks = remoteKeys(provider.jwksUri)
  const secret = provider.symmetricIdToken && provider.settings.clientSecret ? new TextEncoder().encode(provider.settings.clientSecret) : null
  const key: JWTVerifyGetKey = (header, token) => (secret && header.alg === 'HS256' ? secret : jwks(header, token))
  const { payload } = await jwtVerify(idToken, key, {
    issuer: provider.issuer,
    audience: provider.settings.clientId,
    algorithms: secret ? [...ASYMMETRIC, 'HS256'] : ASYMMETRIC,
    currentDate: new Date(nowMs),
    clockTolerance: CLOCK_TOLERANCE_SECONDS,
    requiredClaims: ['sub', 'exp', 'iat'],
  })
  if (payload.nonce !== nonce) throw new Error('ID token nonce mismatch')
  return payload
}
