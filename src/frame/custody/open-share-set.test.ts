import { bytesToHex } from '@noble/hashes/utils'
import { describe, expect, it } from 'vitest'
import { generateEntropy, seedOf } from '../../protocol/custody/entropy.js'
import { splitSecret } from '../../protocol/custody/share-wrapper.js'
import { walletAddress } from '../../protocol/custody/wallet-address.js'
import { openShareSet } from './open-share-set.js'

describe('openShareSet', () => {
  it('returns the entropy when it derives the entropy id, on both chains', async () => {
    const entropy = generateEntropy()
    const seed = await seedOf(entropy)
    const { device, recovery } = await splitSecret(entropy, 1)
    for (const chainType of ['ethereum', 'solana'] as const) {
      const opened = await openShareSet(device, recovery, walletAddress(chainType, seed, 0), chainType)
      expect(bytesToHex(opened.entropy)).toBe(bytesToHex(entropy))
    }
  })

  it('refuses a tampered share body: the rebuilt key would be another wallet (docs/security.md #45)', async () => {
    const entropy = generateEntropy()
    const { device, auth } = await splitSecret(entropy, 1)
    const tampered = auth.slice()
    tampered[25] = tampered[25]! ^ 0x01
    const entropyId = walletAddress('ethereum', await seedOf(entropy), 0)
    await expect(openShareSet(device, tampered, entropyId, 'ethereum')).rejects.toThrow('does not derive this wallet')
  })

  it('answers mismatched shares as a frame error the host may see', async () => {
    const entropy = generateEntropy()
    const [first, second] = [await splitSecret(entropy, 1), await splitSecret(entropy, 1)]
    const entropyId = walletAddress('ethereum', await seedOf(entropy), 0)
    await expect(openShareSet(first.device, second.auth, entropyId, 'ethereum')).rejects.toMatchObject({
      name: 'FrameError',
      type: 'error',
      message: 'Wallet shares do not match: shares of different splits',
    })
  })

  it("refuses a share set that is another wallet's", async () => {
    const { device, auth } = await splitSecret(generateEntropy(), 1)
    const otherId = walletAddress('solana', await seedOf(generateEntropy()), 0)
    await expect(openShareSet(device, auth, otherId, 'solana')).rejects.toThrow('does not derive this wallet')
  })
})
