import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto'

/** A CDP Secret API key ready to sign with: EC P-256 (ES256) or Ed25519 (EdDSA), as CDP issues them. */
export interface CdpSigningKey {
  algorithm: 'ES256' | 'EdDSA'
  key: KeyObject
}

/** RFC 8410's PKCS #8 header for an Ed25519 private key: the 32-byte seed follows it. */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex')

/**
 * The signing key a CDP `api_key_secret` holds: a PEM EC private key on P-256, or base64 of an Ed25519 seed followed
 * by its public key (64 bytes, whose second half must match the seed). Null when it is neither.
 */
export function cdpSigningKey(secret: string): CdpSigningKey | null {
  // Keys copied into environment variables often carry their line breaks as `\n`.
  const text = secret.replace(/\\n/g, '\n').trim()
  return text.includes('-----BEGIN') ? ecKey(text) : ed25519Key(text)
}

function ecKey(pem: string): CdpSigningKey | null {
  try {
    const key = createPrivateKey(pem)
    return key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1' ? { algorithm: 'ES256', key } : null
  } catch {
    return null
  }
}

function ed25519Key(base64: string): CdpSigningKey | null {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) return null
  const bytes = Buffer.from(base64, 'base64')
  if (bytes.length !== 64) return null
  const key = createPrivateKey({ key: Buffer.concat([ED25519_PKCS8_PREFIX, bytes.subarray(0, 32)]), format: 'der', type: 'pkcs8' })
  const publicKey = createPublicKey(key).export({ format: 'der', type: 'spki' }).subarray(-32)
  return publicKey.equals(bytes.subarray(32)) ? { algorithm: 'EdDSA', key } : null
}
