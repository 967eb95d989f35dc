import { addressOfKey } from '../../../src/protocol/custody/wallet-address.js'
import { sameAddress } from '../../../src/protocol/same-address.js'
import { ApiError, invalidData } from '../http/api-error.js'
import { chainOfMethod, signerRequestBody } from '../wallet-signing/rpc-request.js'
import { signWalletRequest, type SignerResponse } from '../wallet-signing/sign-wallet-request.js'
import { openSignerKey } from './key-seal.js'
import { findKey } from './key-store.js'
import type { SignerDeps } from './signer-deps.js'

/**
 * Signs with one of the app's keys. The request is checked again here (the signer trusts no caller's shapes), the
 * method must sign for the key's chain, and the opened key must derive the stored address before it signs; it is
 * zeroed afterwards.
 */
export async function signWithKey(deps: SignerDeps, params: { appId: string; keyId: string; request: unknown }): Promise<SignerResponse> {
  const parsed = signerRequestBody.safeParse(params.request)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw invalidData(`Invalid request body: ${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`)
  }
  const request = parsed.data
  const key = await findKey(deps.db, params.appId, params.keyId)
  if (!key) throw new ApiError(404, 'not_found', 'Wallet not found')
  if (chainOfMethod(request.method) !== key.chainType || (request.chain_type && request.chain_type !== key.chainType)) {
    throw invalidData(`Invalid request body: method: ${request.method} does not sign for a ${key.chainType} wallet`)
  }
  if (request.address && !sameAddress(key.chainType, request.address, key.address)) throw invalidData('Invalid request body: address: not this wallet')
  const privateKey = await openSignerKey(deps.keys, key)
  try {
    // A key that no longer derives its address is the store's fault: nothing is signed.
    if (!sameAddress(key.chainType, addressOfKey(key.chainType, privateKey), key.address)) throw new Error('A sealed key does not derive its address')
    return await signWalletRequest(privateKey, request)
  } finally {
    privateKey.fill(0)
  }
}
