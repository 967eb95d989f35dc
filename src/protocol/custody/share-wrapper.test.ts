import { bytesToHex } from '@noble/hashes/utils'
import { describe, expect, it } from 'vitest'
import { generateEntropy } from './entropy.js'
import { combineShares, readShare, ShareMismatchError, splitSecret } from './share-wrapper.js'

describe('splitSecret / combineShares', () => {
  it('any two of the three shares rebuild the secret, and each share carries its version', async () => {
    const entropy = generateEntropy()
    const { device, auth, recovery } = await splitSecret(entropy, 7)
    for (const [a, b] of [
      [device, auth],
      [auth, recovery],
      [recovery, device],
    ] as const) {
      expect(bytesToHex(await combineShares(a, b))).toBe(bytesToHex(entropy))
    }
    expect(readShare(device).version).toBe(7)
    expect(bytesToHex(readShare(device).splitId)).toBe(bytesToHex(readShare(recovery).splitId))
  })

  it('refuses shares of two different splits of the same secret (docs/security.md #45)', async () => {
    const entropy = generateEntropy()
    const first = await splitSecret(entropy, 1)
    const second = await splitSecret(entropy, 1)
    await expect(combineShares(first.device, second.auth)).rejects.toThrow('shares of different splits')
  })

  it('refuses shares of two versions (an old device share with a new auth share, docs/security.md #46)', async () => {
    const entropy = generateEntropy()
    const old = await splitSecret(entropy, 1)
    const current = await splitSecret(entropy, 2)
    await expect(combineShares(old.device, current.auth)).rejects.toThrow('different share versions')
  })

  it('throws a typed error callers map to their own answers', async () => {
    const { device } = await splitSecret(generateEntropy(), 1)
    const error = await combineShares(device, (await splitSecret(generateEntropy(), 1)).auth).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ShareMismatchError)
    expect(error).toMatchObject({ reason: 'shares of different splits', message: 'Wallet shares do not match: shares of different splits' })
  })

  it('refuses the same share twice (a duplicate index)', async () => {
    const { auth } = await splitSecret(generateEntropy(), 1)
    await expect(combineShares(auth, auth.slice())).rejects.toThrow('the same share twice')
  })

  it('refuses malformed shares', async () => {
    const { device, auth } = await splitSecret(generateEntropy(), 1)
    const otherFormat = device.slice()
    otherFormat[0] = 2
    await expect(combineShares(otherFormat, auth)).rejects.toThrow('malformed share')
    await expect(combineShares(device.slice(0, 10), auth)).rejects.toThrow('malformed share')
    await expect(combineShares(device.slice(0, -1), auth)).rejects.toThrow('different share lengths')
  })
})
