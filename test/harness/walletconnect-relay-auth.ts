/**
 * The relay's check of a client's `auth` query parameter: a JWT (EdDSA) its client signs with its ed25519 key, whose
 * `iss` is that key as a did:key (`did:key:z` + base58btc of the ed25519 multicodec 0xed01 and the key).
 */
import { ed25519 } from '@noble/curves/ed25519'
import { base58, base64urlnopad } from '@scure/base'

const DID_KEY_PREFIX = 'did:key:z'
const ED25519_MULTICODEC = [0xed, 0x01]

function json(part: string): Record<string, unknown> | null {
  try {
    const value = JSON.parse(new TextDecoder().decode(base64urlnopad.decode(part)))
    return typeof value === 'object' && value ? value : null
  } catch {
    return null
  }
}

/** The ed25519 public key a did:key names, or null. */
export function didKeyPublicKey(did: string): Uint8Array | null {
  if (!did.startsWith(DID_KEY_PREFIX)) return null
  try {
    const bytes = base58.decode(did.slice(DID_KEY_PREFIX.length))
    const [first, second] = ED25519_MULTICODEC
    return bytes.length === 34 && bytes[0] === first && bytes[1] === second ? bytes.slice(2) : null
  } catch {
    return null
  }
}

/** The client id (the did:key) of a valid, unexpired relay JWT; null otherwise. */
export function verifyRelayAuth(jwt: string | null, nowSeconds = Math.floor(Date.now() / 1000)): { clientId: string } | null {
  const parts = jwt?.split('.') ?? []
  if (parts.length !== 3) return null
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string]
  const header = json(headerPart)
  const payload = json(payloadPart)
  if (header?.alg !== 'EdDSA' || header.typ !== 'JWT' || typeof payload?.iss !== 'string') return null
  if (typeof payload.exp !== 'number' || payload.exp <= nowSeconds || typeof payload.sub !== 'string' || typeof payload.aud !== 'string') return null
  const publicKey = didKeyPublicKey(payload.iss)
  if (!publicKey) return null
  try {
    const signed = new TextEncoder().encode(`${headerPart}.${payloadPart}`)
    return ed25519.verify(base64urlnopad.decode(signaturePart), signed, publicKey) ? { clientId: payload.iss } : null
  } catch {
    return null
  }
}
