/**
 * Password recovery (docs/security.md #47): the recovery share sealed by a key from the user's password through scrypt
 * (per-wallet random salt) and AES-256-GCM, bound to its wallet (`entropyId` as associated data). The server stores
 * the result opaque; a wrong password fails closed with `invalid_recovery_pin`.
 */
import { scryptAsync } from '@noble/hashes/scrypt'
import type { SealedShare } from '../../protocol/index.js'
import { base64ToBytes, bytesToBase64, utf8 } from '../encoding.js'
import { FrameError } from '../errors.js'

export interface ScryptParams {
  n: number
  r: number
  p: number
}

/** ~1 s on a 2-core test machine (N=2^17, 128 MiB): slow enough to make offline guessing expensive. */
export const DEFAULT_SCRYPT: ScryptParams = { n: 2 ** 17, r: 8, p: 1 }
/** Bounds on what a stored blob may ask for: a forged one must not make the frame hang or run out of memory. */
const MAX_SCRYPT: ScryptParams = { n: 2 ** 20, r: 16, p: 4 }

export const INVALID_PASSWORD_MESSAGE = 'Invalid recovery password, please try again.'

const aad = (entropyId: string) => utf8(`tessera-recovery-share:${entropyId}`)

async function passwordKey(password: string, salt: Uint8Array, { n, r, p }: ScryptParams, usage: KeyUsage): Promise<CryptoKey> {
  const raw = await scryptAsync(utf8(password.normalize('NFKC')), salt, { N: n, r, p, dkLen: 32, maxmem: 256 * MAX_SCRYPT.n * MAX_SCRYPT.r })
  return crypto.subtle.importKey('raw', new Uint8Array(raw), 'AES-GCM', false, [usage])
}

export async function sealShare(share: Uint8Array, password: string, entropyId: string, params: ScryptParams = DEFAULT_SCRYPT): Promise<SealedShare> {
  const salt = crypto.getRandomValues(new Uint8Array(16))
  const iv = crypto.getRandomValues(new Uint8Array(12))
  const key = await passwordKey(password, salt, params, 'encrypt')
  const ciphertext = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: aad(entropyId) }, key, share.slice()))
  return { kdf: { name: 'scrypt', ...params, salt: bytesToBase64(salt) }, iv: bytesToBase64(iv), ciphertext: bytesToBase64(ciphertext) }
}

const isPowerOfTwo = (value: number) => Number.isInteger(value) && value > 1 && (value & (value - 1)) === 0

export async function openSealedShare(sealed: SealedShare, password: string, entropyId: string): Promise<Uint8Array> {
  const { kdf } = sealed
  const salt = base64ToBytes(kdf?.salt ?? '')
  const iv = base64ToBytes(sealed.iv ?? '')
  const ciphertext = base64ToBytes(sealed.ciphertext ?? '')
  const paramsValid =
    kdf?.name === 'scrypt' &&
    isPowerOfTwo(kdf.n) &&
    kdf.n <= MAX_SCRYPT.n &&
    Number.isInteger(kdf.r) &&
    kdf.r >= 1 &&
    kdf.r <= MAX_SCRYPT.r &&
    Number.isInteger(kdf.p) &&
    kdf.p >= 1 &&
    kdf.p <= MAX_SCRYPT.p
  if (!paramsValid || !salt || salt.length < 16 || !iv || iv.length !== 12 || !ciphertext) throw new FrameError('error', 'Wallet data is missing')
  const key = await passwordKey(password, salt, kdf, 'decrypt')
  try {
    return new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv, additionalData: aad(entropyId) }, key, ciphertext))
  } catch {
    throw new FrameError('invalid_recovery_pin', INVALID_PASSWORD_MESSAGE)
  }
}
