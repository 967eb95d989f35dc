import { randomBytes } from 'node:crypto'
import type { EmbeddedChainType } from '../../../src/protocol/index.js'
import { addressOfKey } from '../../../src/protocol/custody/wallet-address.js'
import { invalidData } from '../http/api-error.js'
import { sealSignerKey } from './key-seal.js'
import { insertKey } from './key-store.js'
import type { SignerDeps } from './signer-deps.js'
import type { SignerKey } from './types.js'

/** Seals a wallet's key under a new key id and answers its address; the key is zeroed here, whatever happens. */
export async function storeNewKey(deps: SignerDeps, params: { appId: string; chainType: EmbeddedChainType; privateKey: Uint8Array }): Promise<SignerKey> {
  const { appId, chainType, privateKey } = params
  try {
    // The signer checks what it is handed: it trusts no caller's validation.
    if (chainType !== 'ethereum' && chainType !== 'solana') throw invalidData('Invalid chain_type')
    if (typeof appId !== 'string' || appId.length === 0) throw invalidData('Invalid app id')
    const id = randomBytes(12).toString('hex')
    const address = addressOfKey(chainType, privateKey)
    const sealedKey = await sealSignerKey(deps.keys, privateKey, { appId, id, chainType })
    await insertKey(deps.db, { id, appId, chainType, address, sealedKey }, deps.now())
    return { keyId: id, address }
  } finally {
    privateKey.fill(0)
  }
}
