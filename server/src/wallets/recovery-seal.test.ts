import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { sealRecoveryShare, unsealRecoveryShare } from './recovery-seal.js'

const key = randomBytes(32)
const binding = { appId: 'app', entropyId: '0xC858008DaFBeB13d853bF211FD54bb2E849415e1', shareVersion: 1 }
const share = Buffer.from(randomBytes(38)).toString('base64')

describe('sealing automatic recovery shares', () => {
  it('opens what it sealed, with a fresh IV each time and no plaintext in the sealed text', () => {
    const sealed = sealRecoveryShare(key, share, binding)
    expect(sealed).not.toBe(sealRecoveryShare(key, share, binding))
    expect(sealed).not.toContain(share)
    expect(unsealRecoveryShare(key, sealed, binding)).toBe(share)
  })

  it('fails closed for another key, another share set or version, and a tampered ciphertext', () => {
    const sealed = sealRecoveryShare(key, share, binding)
    expect(() => unsealRecoveryShare(randomBytes(32), sealed, binding)).toThrow()
    expect(() => unsealRecoveryShare(key, sealed, { ...binding, shareVersion: 2 })).toThrow()
    expect(() => unsealRecoveryShare(key, sealed, { ...binding, entropyId: '0x0000000000000000000000000000000000000001' })).toThrow()
    const body = Buffer.from(sealed.split('.').at(-1)!, 'base64url')
    body[0]! ^= 1
    expect(() => unsealRecoveryShare(key, `${sealed.split('.').slice(0, -1).join('.')}.${body.toString('base64url')}`, binding)).toThrow()
    expect(() => unsealRecoveryShare(key, 'plain text', binding)).toThrow('Unknown sealed recovery share format')
  })
})
