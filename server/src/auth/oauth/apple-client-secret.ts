import { importPKCS8, SignJWT } from 'jose'
import type { OAuthProviderSettings } from './settings.js'

/** Apple accepts a client secret of at most six months; ours lives five minutes, one token request. */
const APPLE_SECRET_TTL_SECONDS = 5 * 60

/** Sign in with Apple's client secret: an ES256 JWT from the team's key (iss team id, sub client id, aud Apple). */
export async function appleClientSecret(settings: OAuthProviderSettings, nowMs: number): Promise<string> {
  const apple = settings.apple
  if (!apple) throw new Error('Apple sign-in needs a team id, key id and private key')
  const now = Math.floor(nowMs / 1000)
  return new SignJWT({})
    .setProtectedHeader({ alg: 'ES256', kid: apple.keyId })
    .setIssuer(apple.teamId)
    .setSubject(settings.clientId)
    .setAudience('https://appleid.apple.com')
    .setIssuedAt(now)
    .setExpirationTime(now + APPLE_SECRET_TTL_SECONDS)
    .sign(await importPKCS8(apple.privateKeyPem, 'ES256'))
}
