/**
 * Cloud recovery: the recovery share sealed with AES-256-GCM under a random 256-bit key that is kept only in the
 * user's cloud storage, bound to its wallet (`entropyId` as associated data). The server stores the result opaque.
 */
import type { KeySealedShare } from '../../protocol/index.js'
import { base64ToBytes, bytesToBase64, utf8 } from '../encoding.js'
import { FrameError } from '../errors.js'

const aad = (entropyId: string) => utf8(`tessera-recovery-share:${entropyId}`)
const importKey = (raw: Uint8Array, usage: KeyUsage) => crypto.subtle.importKey('raw', raw.slice(), 'AES-GCM', false, [usage])

export const newRecoveryKey = () => crypto.getRandomValues(new Uint8Array(32))

export async function sealShareWithKey(share: Uint8Array, key: Uint8Array, entropyId: string, keyFile: string): Promise<KeySealedShare> {
  const iv = crypto.getRandomValues(new Uint8Array(12))
  const ciphertext = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: aad(entropyId) }, await importKey(key, 'encrypt'), share.slice()),
  )
  return { key_file: keyFile, iv: bytesToBase64(iv), ciphertext: bytesToBase64(ciphertext) }
}

/** A key that does not open the share (another backup, a tampered blob) fails closed. */
export async function openShareWithKey(sealed: KeySealedShare, key: Uint8Array, entropyId: string): Promise<Uint8Array> {
  const iv = base64ToBytes(sealed.iv ?? '')
  const ciphertext = base64ToBytes(sealed.ciphertext ?? '')
  if (iv?.length !== 12 || !ciphertext || key.length !== 32) throw new FrameError('error', 'Wallet data is missing')
  try {
    return new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv, additionalData: aad(entropyId) }, await importKey(key, 'decrypt'), ciphertext))
  } catch {
    throw new FrameError('error', 'Unable to recover wallet')
  }
}
