import { bytesToHex } from '@noble/hashes/utils'
import { describe, expect, it } from 'vitest'
import { base64ToBytes } from '../encoding.js'
import { DEFAULT_SCRYPT, openSealedShare, sealShare, type ScryptParams } from './seal-password.js'

// Opening reads the parameters from the blob, so most cases use a cheap cost; one case runs the shipped cost.
const fast: ScryptParams = { n: 2 ** 10, r: 8, p: 1 }
const share = crypto.getRandomValues(new Uint8Array(38))
const walletId = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94'

describe('password sealing', () => {
  it('seals with scrypt at the shipped cost and a per-wallet salt, and opens with the right password', async () => {
    const started = performance.now()
    const sealed = await sealShare(share, 'correct horse battery staple', walletId)
    expect(sealed.kdf).toMatchObject({ name: 'scrypt', ...DEFAULT_SCRYPT })
    expect(base64ToBytes(sealed.kdf.salt)).toHaveLength(16)
    expect(performance.now() - started).toBeGreaterThan(200)
    expect(bytesToHex(await openSealedShare(sealed, 'correct horse battery staple', walletId))).toBe(bytesToHex(share))
  }, 30_000)

  it('never repeats a salt, an IV or a ciphertext, and the ciphertext is not the share', async () => {
    const [a, b] = await Promise.all([sealShare(share, 'pw-1234567', walletId, fast), sealShare(share, 'pw-1234567', walletId, fast)])
    expect(a.kdf.salt).not.toBe(b.kdf.salt)
    expect(a.iv).not.toBe(b.iv)
    expect(a.ciphertext).not.toBe(b.ciphertext)
    expect(bytesToHex(base64ToBytes(a.ciphertext)!)).not.toContain(bytesToHex(share))
  })

  it('fails closed on a wrong password with invalid_recovery_pin', async () => {
    const sealed = await sealShare(share, 'pw-1234567', walletId, fast)
    await expect(openSealedShare(sealed, 'pw-7654321', walletId)).rejects.toMatchObject({
      type: 'invalid_recovery_pin',
      message: 'Invalid recovery password, please try again.',
    })
  })

  it("will not open under another wallet's id or with a tampered ciphertext", async () => {
    const sealed = await sealShare(share, 'pw-1234567', walletId, fast)
    await expect(openSealedShare(sealed, 'pw-1234567', 'HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk')).rejects.toMatchObject({ type: 'invalid_recovery_pin' })
    const bytes = base64ToBytes(sealed.ciphertext)!
    bytes[0] = bytes[0]! ^ 1
    const tampered = { ...sealed, ciphertext: btoa(String.fromCharCode(...bytes)) }
    await expect(openSealedShare(tampered, 'pw-1234567', walletId)).rejects.toMatchObject({ type: 'invalid_recovery_pin' })
  })

  it('refuses a blob whose cost parameters would hang the frame, or that is malformed', async () => {
    const sealed = await sealShare(share, 'pw-1234567', walletId, fast)
    for (const kdf of [
      { ...sealed.kdf, n: 2 ** 24 },
      { ...sealed.kdf, n: 1000 },
      { ...sealed.kdf, r: 64 },
      { ...sealed.kdf, salt: 'not base64!' },
    ]) {
      await expect(openSealedShare({ ...sealed, kdf }, 'pw-1234567', walletId)).rejects.toMatchObject({ type: 'error', message: 'Wallet data is missing' })
    }
    await expect(openSealedShare({ ...sealed, iv: '' }, 'pw-1234567', walletId)).rejects.toMatchObject({ message: 'Wallet data is missing' })
  })
})
