import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto'
import { encodeCbor, type CborValue } from './cbor.js'

/**
 * A WebAuthn authenticator in software for server tests: a real P-256 key per credential, attestation
 * 'none', authenticator data and client data built as a browser and a security key would build them.
 * Every field a test may want to break (origin, RP ID, flags, counter, challenge, type) can be overridden.
 */

const FLAG_UP = 0x01
const FLAG_UV = 0x04
const FLAG_AT = 0x40

export interface StoredCredential {
  id: Buffer
  privateKey: KeyObject
  cosePublicKey: Buffer
  counter: number
}

export interface CeremonyOverrides {
  origin?: string
  /** The RP ID whose hash goes into authenticator data (another RP's ID to forge a mismatch). */
  rpId?: string
  challenge?: string
  type?: string
  userPresent?: boolean
  userVerified?: boolean
  crossOrigin?: boolean
  topOrigin?: string
  /** Counter to report; by default the stored one plus one (registration: 0). */
  counter?: number
  /** Registration only: claim this credential id instead of a fresh random one. */
  credentialId?: string
}

interface CreationOptions {
  challenge: string
  rp: { id?: string }
}
/** The init's options as the server sends them (snake_case `rp_id`) or as a browser library reads them. */
interface RequestOptions {
  challenge: string
  rpId?: string
  rp_id?: string
}

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest()
const b64url = (data: Uint8Array) => Buffer.from(data).toString('base64url')

/** COSE_Key for ES256 (RFC 9053): kty EC2, alg -7, crv P-256, x, y. */
function coseKey(publicKey: KeyObject): Buffer {
  const jwk = publicKey.export({ format: 'jwk' })
  return encodeCbor(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]),
  )
}

function flags(overrides: CeremonyOverrides, extra = 0): number {
  return (overrides.userPresent === false ? 0 : FLAG_UP) | (overrides.userVerified === false ? 0 : FLAG_UV) | extra
}

function counterBytes(counter: number): Buffer {
  const out = Buffer.alloc(4)
  out.writeUInt32BE(counter)
  return out
}

export class SoftwareAuthenticator {
  readonly credentials = new Map<string, StoredCredential>()

  constructor(readonly origin: string) {}

  private clientData(type: string, challenge: string, overrides: CeremonyOverrides): Buffer {
    return Buffer.from(
      JSON.stringify({
        type: overrides.type ?? type,
        challenge: overrides.challenge ?? challenge,
        origin: overrides.origin ?? this.origin,
        crossOrigin: overrides.crossOrigin ?? false,
        ...(overrides.topOrigin ? { topOrigin: overrides.topOrigin } : {}),
      }),
    )
  }

  private rpIdHash(rpId: string | undefined, overrides: CeremonyOverrides): Buffer {
    return sha256(Buffer.from(overrides.rpId ?? rpId ?? new URL(this.origin).hostname))
  }

  /** `navigator.credentials.create()`: a new credential, answered as RegistrationResponseJSON. */
  register(options: CreationOptions, overrides: CeremonyOverrides = {}) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    const id = overrides.credentialId ? Buffer.from(overrides.credentialId, 'base64url') : randomBytes(32)
    const cosePublicKey = coseKey(publicKey)
    const counter = overrides.counter ?? 0
    const idLength = Buffer.alloc(2)
    idLength.writeUInt16BE(id.length)
    const authData = Buffer.concat([
      this.rpIdHash(options.rp.id, overrides),
      Buffer.from([flags(overrides, FLAG_AT)]),
      counterBytes(counter),
      Buffer.alloc(16),
      idLength,
      id,
      cosePublicKey,
    ])
    const attestationObject = encodeCbor(
      new Map<CborValue, CborValue>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    )
    this.credentials.set(b64url(id), { id, privateKey, cosePublicKey, counter })
    const clientDataJSON = this.clientData('webauthn.create', options.challenge, overrides)
    return {
      id: b64url(id),
      rawId: b64url(id),
      type: 'public-key' as const,
      response: { clientDataJSON: b64url(clientDataJSON), attestationObject: b64url(attestationObject), transports: ['internal'] },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    }
  }

  /** `navigator.credentials.get()` with one stored credential: an assertion signed over authData ‖ SHA-256(clientDataJSON). */
  authenticate(credentialId: string, options: RequestOptions, overrides: CeremonyOverrides = {}) {
    const credential = this.credentials.get(credentialId)
    if (!credential) throw new Error(`No credential ${credentialId}`)
    credential.counter = overrides.counter ?? credential.counter + 1
    const authData = Buffer.concat([this.rpIdHash(options.rpId ?? options.rp_id, overrides), Buffer.from([flags(overrides)]), counterBytes(credential.counter)])
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, overrides)
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), credential.privateKey)
    return {
      id: credentialId,
      rawId: credentialId,
      type: 'public-key' as const,
      response: { clientDataJSON: b64url(clientDataJSON), authenticatorData: b64url(authData), signature: b64url(signature), userHandle: null },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    }
  }
}
