/** Rebuilds a share set's entropy from two shares and proves it: the derived first address must equal `entropyId` (SECURITY.md 45). */
import type { EmbeddedChainType } from '../../protocol/index.js'
import { FrameError } from '../errors.js'
import { ENTROPY_BYTES, seedOf } from './entropy.js'
import { combineShares } from './shares.js'
import { sameAddress, walletAddress } from './wallet-address.js'

export interface OpenedShareSet { entropy: Uint8Array; seed: Uint8Array }

export async function openShareSet(first: Uint8Array, second: Uint8Array, entropyId: string, chainType: EmbeddedChainType): Promise<OpenedShareSet> {
  const entropy = await combineShares(first, second)
  if (entropy.length !== ENTROPY_BYTES) throw new FrameError('error', 'Wallet shares do not match: unexpected secret length')
  const seed = seedOf(entropy)
  if (!sameAddress(chainType, walletAddress(chainType, seed, 0), entropyId)) {
    throw new FrameError('error', 'Wallet shares do not match: the rebuilt key does not derive this wallet')
  }
  return { entropy, seed }
}
