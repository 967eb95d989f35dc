import { secp256k1 } from '@noble/curves/secp256k1'
import type { EmbeddedChainType } from '../../../src/protocol/index.js'
import { invalidData } from '../http/api-error.js'
import type { SignerDeps } from './signer-deps.js'
import { storeNewKey } from './store-new-key.js'
import type { SignerKey } from './types.js'

const KEY_BYTES = 32

/** Seals an imported key: 32 bytes, and for Ethereum a scalar below the curve order (else no address exists). */
export function importKey(deps: SignerDeps, params: { appId: string; chainType: EmbeddedChainType; privateKey: Uint8Array }): Promise<SignerKey> {
  const { privateKey } = params
  const valid = privateKey.length === KEY_BYTES && (params.chainType === 'solana' || secp256k1.utils.isValidPrivateKey(privateKey))
  if (!valid) {
    privateKey.fill(0)
    throw invalidData('Invalid private key')
  }
  return storeNewKey(deps, params)
}
