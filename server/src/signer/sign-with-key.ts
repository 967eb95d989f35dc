import { sameAddress } from '../../../src/protocol/same-address.js'
import { invalidData } from '../http/api-error.js'
import { chainOfMethod, signerRequestBody } from '../wallet-signing/rpc-request.js'
import { signWalletRequest, type SignerResponse } from '../wallet-signing/sign-wallet-request.js'
import { requireKey, withOpenedKey } from './opened-key.js'
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
  const key = await requireKey(deps, params.appId, params.keyId)
  if (chainOfMethod(request.method) !== key.chainType || (request.chain_type && request.chain_type !== key.chainType)) {
    throw invalidData(`Invalid request body: method: ${request.method} does not sign for a ${key.chainType} wallet`)
  }
  if (request.address && !sameAddress(key.chainType, request.address, key.address)) throw invalidData('Invalid request body: address: not this wallet')
  return withOpenedKey(deps, key, (privateKey) => signWalletRequest(privateKey, request))
}
