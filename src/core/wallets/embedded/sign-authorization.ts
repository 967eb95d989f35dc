/**
 * EIP-7702 authorizations (the reference SDK's `useSign7702Authorization`): the wallet frame signs the
 * authorization's hash with the wallet's key (`secp256k1_sign`); the chain and nonce default from the wallet.
 */
import { isAddress, parseSignature, type Hex } from 'viem'
import { hashAuthorization } from 'viem/utils'
import type { EthereumFrameRequest } from '../../../protocol/index.js'
import { TesseraError } from '../../errors/base-error.js'
import type { Eip1193Provider } from '../ethereum/eip1193.js'

export interface SignAuthorizationInput {
  /** The contract the wallet delegates its code to. */
  contractAddress: Hex
  /** Default: the wallet's current chain. */
  chainId?: number
  /** Default: the wallet's next transaction nonce (one more with `executor: 'self'`, as the wallet's own type-4 send uses one). */
  nonce?: number
  /** 'self' when the wallet itself sends the transaction carrying the authorization. */
  executor?: 'self' | Hex
}

export interface SignedAuthorization {
  /** The contract address, as viem's `SignedAuthorization` names it. */
  address: Hex
  chainId: number
  nonce: number
  r: Hex
  s: Hex
  v: bigint
  yParity: number
}

export interface SignAuthorizationDeps {
  provider: Pick<Eip1193Provider, 'request'> & { readonly address: string; getChainId(): number }
  /** One signing request to the wallet frame for this wallet. */
  sign(request: EthereumFrameRequest): Promise<string>
}

const invalidAuthorizationError = (details: string) => new TesseraError({ code: 'invalid_data', shortMessage: 'Invalid authorization', details })

export async function signAuthorization(deps: SignAuthorizationDeps, input: SignAuthorizationInput): Promise<SignedAuthorization> {
  const { contractAddress, executor } = input
  if (typeof contractAddress !== 'string' || !isAddress(contractAddress, { strict: false }))
    throw invalidAuthorizationError('contractAddress is not an address')
  const chainId = input.chainId ?? deps.provider.getChainId()
  if (!Number.isSafeInteger(chainId) || chainId < 0) throw invalidAuthorizationError('chainId is not a chain id')
  const nonce = input.nonce ?? (await nextNonce(deps.provider)) + (executor === 'self' ? 1 : 0)
  if (!Number.isSafeInteger(nonce) || nonce < 0) throw invalidAuthorizationError('nonce is not a nonce')
  const signature = await deps.sign({ method: 'secp256k1_sign', params: [hashAuthorization({ contractAddress, chainId, nonce })] })
  const { r, s, yParity } = parseSignature(signature as Hex)
  return { address: contractAddress, chainId, nonce, r, s, yParity: yParity ?? 0, v: BigInt((yParity ?? 0) + 27) }
}

async function nextNonce(provider: SignAuthorizationDeps['provider']): Promise<number> {
  return Number(await provider.request({ method: 'eth_getTransactionCount', params: [provider.address, 'pending'] }))
}
