/** Rebuilds a share set's secret from two shares and proves it: the first address of its keys must equal `entropyId` (docs/security.md #45). */
import type { EmbeddedChainType } from '../../protocol/index.js'
import { combineShares, ShareMismatchError } from '../../protocol/custody/share-wrapper.js'
import { sameAddress } from '../../protocol/same-address.js'
import { FrameError } from '../errors.js'
import { keysAddress, walletKeysOf, type WalletKeys } from './wallet-keys.js'

/** `entropy`: the split secret (BIP-39 entropy, or an imported private key); `keys`: the wallets it opens. */
export interface OpenedShareSet {
  entropy: Uint8Array
  keys: WalletKeys
}

async function combined(first: Uint8Array, second: Uint8Array): Promise<Uint8Array> {
  try {
    return await combineShares(first, second)
  } catch (error) {
    throw error instanceof ShareMismatchError ? new FrameError('error', error.message) : error
  }
}

export async function openShareSet(first: Uint8Array, second: Uint8Array, entropyId: string, chainType: EmbeddedChainType): Promise<OpenedShareSet> {
  const entropy = await combined(first, second)
  const keys = await walletKeysOf(entropy)
  if (!keys) throw new FrameError('error', 'Wallet shares do not match: unexpected secret length')
  if (!sameAddress(chainType, keysAddress(keys, chainType, 0), entropyId)) {
    throw new FrameError('error', 'Wallet shares do not match: the rebuilt key does not derive this wallet')
  }
  return { entropy, keys }
}
