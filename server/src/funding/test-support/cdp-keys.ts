/**
 * Coinbase Developer Platform Secret API keys and the Bearer JWT that authenticates each REST call with one, as the
 * CDP authentication docs describe: header `alg` ES256 (EC P-256 key, a SEC1 PEM secret) or EdDSA (Ed25519 key, a
 * base64 secret of seed and public key), `kid` = the key id, a random `nonce`, `typ` JWT; claims `iss` 'cdp', `sub`
 * = the key id, `nbf` / `exp` at most 120 s apart, and `uri` = '<METHOD> <host><path>' of the request it authorizes.
 */
import { createPrivateKey, generateKeyPairSync, randomBytes, randomUUID, type KeyObject } from 'node:crypto'
import { decodeProtectedHeader, errors, jwtVerify, SignJWT } from 'jose'

export type CdpKeyType = 'ed25519' | 'ec'

export interface CdpApiKey {
  /** The key id (the JWT's `kid` and `sub`). */
  name: string
  /** What the CDP portal hands out: a SEC1 PEM for EC keys, base64(seed ‖ public key) for Ed25519 keys. */
  secret: string
  type: CdpKeyType
  publicKey: KeyObject
}

const JWT_MAX_LIFETIME_SECONDS = 120

export function generateCdpApiKey(type: CdpKeyType = 'ed25519'): CdpApiKey {
  const name = randomUUID()
  if (type === 'ec') {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    return { name, type, publicKey, secret: privateKey.export({ format: 'pem', type: 'sec1' }).toString() }
  }
  const { privateKey, publicKey } = generateKeyPairSync('ed25519')
  const seed = Buffer.from(privateKey.export({ format: 'jwk' }).d!, 'base64url')
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url')
  return { name, type, publicKey, secret: Buffer.concat([seed, raw]).toString('base64') }
}

/** The private key in a CDP secret (either format). */
export function cdpPrivateKey(secret: string): KeyObject {
  if (secret.includes('-----BEGIN')) return createPrivateKey(secret)
  const bytes = Buffer.from(secret, 'base64')
  if (bytes.length !== 64) throw new Error('an Ed25519 CDP secret is 64 bytes, base64')
  const jwk = { kty: 'OKP', crv: 'Ed25519', d: bytes.subarray(0, 32).toString('base64url'), x: bytes.subarray(32).toString('base64url') }
  return createPrivateKey({ key: jwk, format: 'jwk' })
}

/** Signs a request's Bearer JWT as a CDP client does (the stand-in's own tests use it; servers use their adapter). */
export async function signCdpJwt(
  key: { name: string; secret: string },
  request: { method: string; host: string; path: string },
  nowSeconds = Math.floor(Date.now() / 1000),
): Promise<string> {
  const privateKey = cdpPrivateKey(key.secret)
  const alg = privateKey.asymmetricKeyType === 'ed25519' ? 'EdDSA' : 'ES256'
  return new SignJWT({ uri: `${request.method} ${request.host}${request.path}` })
    .setProtectedHeader({ alg, kid: key.name, typ: 'JWT', nonce: randomBytes(16).toString('hex') })
    .setIssuer('cdp')
    .setSubject(key.name)
    .setNotBefore(nowSeconds)
    .setExpirationTime(nowSeconds + JWT_MAX_LIFETIME_SECONDS)
    .sign(privateKey)
}

export interface CdpRequest {
  authorization: string | undefined
  method: string
  host: string
  path: string
}

/** Why CDP refuses the request's JWT, or null when it authorizes exactly this request with `key`. */
export async function cdpJwtProblem(key: CdpApiKey, request: CdpRequest): Promise<string | null> {
  const [scheme, token] = (request.authorization ?? '').split(' ')
  if (scheme !== 'Bearer' || !token) return 'missing Bearer token'
  try {
    const header = decodeProtectedHeader(token)
    if (header.kid !== key.name) return 'unknown key id'
    if (typeof header.nonce !== 'string' || header.nonce.length === 0) return 'missing nonce'
    const { payload } = await jwtVerify(token, key.publicKey, {
      algorithms: [key.type === 'ec' ? 'ES256' : 'EdDSA'],
      issuer: 'cdp',
      subject: key.name,
      requiredClaims: ['nbf', 'exp', 'uri'],
    })
    if (payload.exp! - payload.nbf! > JWT_MAX_LIFETIME_SECONDS) return 'token lifetime over 120 seconds'
    return payload.uri === `${request.method} ${request.host}${request.path}` ? null : 'uri claim does not match the request'
  } catch (error) {
    return error instanceof errors.JOSEError ? error.code : 'malformed token'
  }
}
