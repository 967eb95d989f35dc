import { createPublicKey, verify, type KeyObject } from 'node:crypto'

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/

/** Why a key `parseP256PublicKey` refuses is refused, as a body field's message (the export's recipient key). */
export const NOT_A_P256_PUBLIC_KEY = 'must be a base64 P-256 public key (SPKI)'

/** A base64 SPKI DER P-256 public key (WebCrypto's `exportKey('spki')`), or null when it is anything else. */
export function parseP256PublicKey(text: string): KeyObject | null {
  if (text.length > 200 || !BASE64.test(text)) return null
  try {
    const key = createPublicKey({ key: Buffer.from(text, 'base64'), format: 'der', type: 'spki' })
    return key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1' ? key : null
  } catch {
    return null
  }
}

/** The same key's canonical base64 (one stored form, whatever padding or DER the client sent). */
export const p256PublicKeyText = (key: KeyObject): string => key.export({ format: 'der', type: 'spki' }).toString('base64')

/** ECDSA P-256 SHA-256 over `payload`: the 64-byte r‖s WebCrypto makes, or DER. */
export function verifyP256(key: KeyObject, payload: string, signature: Buffer): boolean {
  const dsaEncoding = signature.length === 64 ? 'ieee-p1363' : 'der'
  try {
    return verify('sha256', Buffer.from(payload, 'utf8'), { key, dsaEncoding }, signature)
  } catch {
    return false
  }
}
