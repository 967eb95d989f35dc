import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'
import { SealedValueError, UnknownKeyEncryptionKeyError, type KeyEncryptionKeys, type SealedValue } from './key-encryption-keys.js'

export const KEK_BYTES = 32
const IV_BYTES = 12
const TAG_BYTES = 16

/** A key's id: a short hash of it, so the same key always has the same id and rotation needs no bookkeeping. */
export const localKeyId = (key: Buffer) => `local-${createHash('sha256').update('tessera kek id').update(key).digest().subarray(0, 9).toString('base64url')}`

/** AES-256-GCM with a random 96-bit IV under keys held in memory: `active` seals, every key opens what it sealed. */
export function localKeyEncryptionKeys(active: Buffer, previous: Buffer[] = []): KeyEncryptionKeys {
  for (const key of [active, ...previous]) if (key.length !== KEK_BYTES) throw new Error(`A key-encryption key must be ${KEK_BYTES} bytes`)
  const byId = new Map([active, ...previous].map((key) => [localKeyId(key), key]))
  const activeKeyId = localKeyId(active)
  return {
    activeKeyId,
    async seal(plaintext, aad): Promise<SealedValue> {
      const iv = randomBytes(IV_BYTES)
      const cipher = createCipheriv('aes-256-gcm', active, iv).setAAD(Buffer.from(aad))
      const body = Buffer.concat([iv, cipher.update(plaintext), cipher.final(), cipher.getAuthTag()])
      return { keyId: activeKeyId, ciphertext: body.toString('base64url') }
    },
    async open(sealed, aad): Promise<Uint8Array> {
      const key = byId.get(sealed.keyId)
      if (!key) throw new UnknownKeyEncryptionKeyError(sealed.keyId)
      const body = Buffer.from(sealed.ciphertext, 'base64url')
      if (body.length < IV_BYTES + TAG_BYTES) throw new SealedValueError(aad)
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, body.subarray(0, IV_BYTES)).setAAD(Buffer.from(aad))
        decipher.setAuthTag(body.subarray(body.length - TAG_BYTES))
        return new Uint8Array(Buffer.concat([decipher.update(body.subarray(IV_BYTES, body.length - TAG_BYTES)), decipher.final()]))
      } catch {
        throw new SealedValueError(aad)
      }
    },
  }
}
