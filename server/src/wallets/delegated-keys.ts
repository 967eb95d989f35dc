import type { EmbeddedChainType } from '../../../src/protocol/index.js'
import { combineShares, ShareMismatchError } from '../../../src/protocol/custody/share-wrapper.js'
import { addressOfKey } from '../../../src/protocol/custody/wallet-address.js'
import { sameAddress } from '../../../src/protocol/same-address.js'
import { shareSetKeysOf } from '../../../src/protocol/custody/wallet-keys.js'
import { shareBytes } from './share-format.js'

/** The secret two base64 wrapped shares rebuild; null when they are not two distinct shares of one split. */
async function combineWrappedShares(first: string, second: string): Promise<Uint8Array | null> {
  const a = shareBytes(first)
  const b = shareBytes(second)
  if (!a || !b) return null
  try {
    return await combineShares(a, b)
  } catch (error) {
    if (error instanceof ShareMismatchError) return null
    throw error
  }
}

/**
 * The server's half of a delegated wallet (src/frame/README.md "Key custody", the frame's own custody code in src/protocol/custody): the
 * delegated device share and the auth share rebuild wallet `index`'s key, which must derive `address` (the check after
 * every combine), else null. The secret and seed are zeroed before this returns; the caller zeroes the key after use.
 */
export async function openDelegatedKey(
  deviceShare: string,
  authShare: string,
  chainType: EmbeddedChainType,
  index: number,
  address: string,
): Promise<Uint8Array | null> {
  const secret = await combineWrappedShares(deviceShare, authShare)
  if (!secret) return null
  const keys = await shareSetKeysOf(secret)
  secret.fill(0)
  const key = keys?.privateKey(chainType, index) ?? null
  keys?.wipe()
  if (key && sameAddress(chainType, addressOfKey(chainType, key), address)) return key
  key?.fill(0)
  return null
}
