import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'

/** Which share set (and version) a sealed share belongs to: bound as AES-GCM associated data, so rows cannot be swapped. */
export interface SealBinding {
  appId: string
  entropyId: string
  shareVersion: number
}

const PREFIX = 'aes-256-gcm.v1'
const aad = (binding: SealBinding) => Buffer.from(`${binding.appId}\n${binding.entropyId}\n${binding.shareVersion}`)

/** Seals an automatic-recovery share with the server's recovery key (AES-256-GCM, random 96-bit IV). */
export function sealRecoveryShare(key: Buffer, share: string, binding: SealBinding): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(aad(binding))
  const ciphertext = Buffer.concat([cipher.update(share, 'utf8'), cipher.final(), cipher.getAuthTag()])
  return `${PREFIX}.${iv.toString('base64url')}.${ciphertext.toString('base64url')}`
}

/** Opens a share `sealRecoveryShare` sealed for the same binding; anything else throws. */
export function unsealRecoveryShare(key: Buffer, sealed: string, binding: SealBinding): string {
  const [algorithm, version, iv, body] = sealed.split('.')
  if (`${algorithm}.${version}` !== PREFIX || !iv || !body) throw new Error('Unknown sealed recovery share format')
  const bytes = Buffer.from(body, 'base64url')
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url')).setAAD(aad(binding))
  decipher.setAuthTag(bytes.subarray(bytes.length - 16))
  return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - 16)), decipher.final()]).toString('utf8')
}
