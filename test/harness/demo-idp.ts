/**
 * The demo identity provider: a stand-in for an app's OWN sign-in, so the demos can show custom JWT
 * auth ("bring your own auth") without a real one. It trusts whatever user name it is asked for; never
 * use it for anything but the demos. `/demo-idp/token?user=<name>` issues an ES256 JWT for that user,
 * `/demo-idp/jwks.json` publishes the key Tessera verifies it with (the demo app's `custom_jwt.jwks_url`).
 */
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose'

/** `iss` of the demo tokens (the demo app's `custom_jwt.issuer`). */
export const DEMO_IDP_ISSUER = 'tessera-demo-idp'
const TOKEN_TTL_SECONDS = 3600
const KEY_ID = 'demo-idp-key'

export interface DemoIdp {
  jwks: { keys: JWK[] }
  /** A token for `user` (its `sub`), audience the app id. */
  issue(user: string): Promise<string>
}

/** A fresh key pair per process: tokens from an earlier run stop verifying, as after a key rotation. */
export async function createDemoIdp(appId: string): Promise<DemoIdp> {
  const { privateKey, publicKey } = await generateKeyPair('ES256')
  const jwks = { keys: [{ ...(await exportJWK(publicKey)), kid: KEY_ID, alg: 'ES256', use: 'sig' }] }
  return {
    jwks,
    issue: (user) =>
      new SignJWT({ name: user })
        .setProtectedHeader({ alg: 'ES256', kid: KEY_ID })
        .setIssuer(DEMO_IDP_ISSUER)
        .setAudience(appId)
        .setSubject(user)
        .setIssuedAt()
        .setExpirationTime(`${TOKEN_TTL_SECONDS}s`)
        .sign(privateKey),
  }
}

/** Where the API server fetches the demo provider's keys. */
export const demoIdpJwksUrl = (demoUrl: string) => `${demoUrl}/demo-idp/jwks.json`
