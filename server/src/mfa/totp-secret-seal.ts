import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto'

/**
 * TOTP secrets at rest: AES-256-GCM under a key derived from the server secret, bound to the user as associated
 * data (a sealed secret copied to another user's row does not open).
 */
const PREFIX = 'totp.aes-256-gcm.v1'
const sealKey = (serverSecret: Buffer) => createHmac('sha256', serverSecret).update('mfa-totp-secret-seal').digest()

export function sealTotpSecret(serverSecret: Buffer, userId: string, secret: Uint8Array): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', sealKey(serverSecret), iv).setAAD(Buffer.from(userId))
  const body = Buffer.concat([cipher.update(secret), cipher.final(), cipher.getAuthTag()])
  return `${PREFIX}.${iv.toString('base64url')}.${body.toString('base64url')}`
}

export function openTotpSecret(serverSecret: Buffer, userId: string, sealed: string): Uint8Array {
  const [iv, body] = sealed.startsWith(`${PREFIX}.`) ? sealed.slice(PREFIX.length + 1).split('.') : []
  if (!iv || !body) throw new Error('Unknown sealed TOTP secret format')
  const bytes = Buffer.from(body, 'base64url')
  const decipher = createDecipheriv('aes-256-gcm', sealKey(serverSecret), Buffer.from(iv, 'base64url')).setAAD(Buffer.from(userId))
  decipher.setAuthTag(bytes.subarray(bytes.length - 16))
  return new Uint8Array(Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - 16)), decipher.final()]))
}
