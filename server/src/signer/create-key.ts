import { ed25519 } from '@noble/curves/ed25519'
import { secp256k1 } from '@noble/curves/secp256k1'
import type { EmbeddedChainType } from '../../../src/protocol/index.js'
import type { SignerDeps } from './signer-deps.js'
import { storeNewKey } from './store-new-key.js'
import type { SignerKey } from './types.js'

/** A new wallet's key from the CSPRNG: a valid secp256k1 scalar for Ethereum, an ed25519 seed for Solana. */
export function createKey(deps: SignerDeps, params: { appId: string; chainType: EmbeddedChainType }): Promise<SignerKey> {
  const privateKey = params.chainType === 'ethereum' ? secp256k1.utils.randomPrivateKey() : ed25519.utils.randomPrivateKey()
  return storeNewKey(deps, { ...params, privateKey })
}
