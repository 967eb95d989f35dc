import { addressOfKey } from '../../../src/protocol/custody/wallet-address.js'
import { sameAddress } from '../../../src/protocol/same-address.js'
import { ApiError } from '../http/api-error.js'
import { openSignerKey } from './key-seal.js'
import { findKey, type StoredKey } from './key-store.js'
import type { SignerDeps } from './signer-deps.js'

/** The app's key by id; another app's key id is not found, like a wallet id that does not exist. */
export async function requireKey(deps: SignerDeps, appId: string, keyId: string): Promise<StoredKey> {
  const key = await findKey(deps.db, appId, keyId)
  if (!key) throw new ApiError(404, 'not_found', 'Wallet not found')
  return key
}

/** Runs `use` with the opened private key, zeroed afterwards; a key that no longer derives its address is never used. */
export async function withOpenedKey<T>(deps: SignerDeps, key: StoredKey, use: (privateKey: Uint8Array) => Promise<T>): Promise<T> {
  const privateKey = await openSignerKey(deps.keys, key)
  try {
    // A key that no longer derives its address is the store's fault: nothing is signed or exported.
    if (!sameAddress(key.chainType, addressOfKey(key.chainType, privateKey), key.address)) throw new Error('A sealed key does not derive its address')
    return await use(privateKey)
  } finally {
    privateKey.fill(0)
  }
}
