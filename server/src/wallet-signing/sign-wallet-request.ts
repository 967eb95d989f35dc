import { ed25519 } from '@noble/curves/ed25519'
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import type { ServerWalletRpcResponse } from '../../../src/protocol/wallet-api.js'
import { invalidData } from '../http/api-error.js'
import { safeNumberOf, serializableTransaction } from './ethereum-transaction.js'
import type { SignerRequest } from './rpc-request.js'
import { signSolanaTransaction } from './solana-transaction.js'

/** The answer to each signing method, in the reference wallet API's shapes. */
export type SignerResponse = Extract<ServerWalletRpcResponse, { method: SignerRequest['method'] }>

type SolanaRequest = Extract<SignerRequest, { method: 'signMessage' | 'signTransaction' }>
type EthereumRequest = Exclude<SignerRequest, SolanaRequest>

function signSolanaRequest(seed: Uint8Array, request: SolanaRequest): SignerResponse {
  if (request.method === 'signTransaction') {
    return { method: 'signTransaction', data: { signed_transaction: signSolanaTransaction(seed, request.params.transaction), encoding: 'base64' } }
  }
  const message = Buffer.from(request.params.message, 'base64')
  if (message.toString('base64') !== request.params.message) throw invalidData('Invalid request body: params.message: must be base64')
  return { method: 'signMessage', data: { signature: Buffer.from(ed25519.sign(message, seed)).toString('base64'), encoding: 'base64' } }
}

async function signEthereumRequest(account: PrivateKeyAccount, request: EthereumRequest): Promise<SignerResponse> {
  switch (request.method) {
    case 'personal_sign': {
      const { message, encoding } = request.params
      if (encoding === 'hex' && !/^0x[0-9a-fA-F]*$/.test(message)) throw invalidData('Invalid request body: params.message: must be 0x hex')
      const signature = await account.signMessage({ message: encoding === 'hex' ? { raw: message as `0x${string}` } : message })
      return { method: 'personal_sign', data: { signature, encoding: 'hex' } }
    }
    case 'eth_signTypedData_v4': {
      const { domain, types, message, primary_type: primaryType } = request.params.typed_data
      // EIP712Domain is derived from `domain` by viem; the rest must describe `message`.
      const { EIP712Domain: _domainType, ...messageTypes } = types
      const signature = await account.signTypedData({ domain, types: messageTypes, primaryType, message } as Parameters<typeof account.signTypedData>[0])
      return { method: 'eth_signTypedData_v4', data: { signature, encoding: 'hex' } }
    }
    case 'secp256k1_sign':
      return { method: 'secp256k1_sign', data: { signature: await account.sign({ hash: request.params.hash as `0x${string}` }), encoding: 'hex' } }
    case 'eth_signTransaction':
      return {
        method: 'eth_signTransaction',
        data: { signed_transaction: await account.signTransaction(serializableTransaction(request.params.transaction, account.address)), encoding: 'rlp' },
      }
    case 'eth_sign7702Authorization': {
      const contract = request.params.contract as `0x${string}`
      const chainId = safeNumberOf(request.params.chain_id, 'params.chain_id')
      const nonce = safeNumberOf(request.params.nonce, 'params.nonce')
      const { r, s, yParity } = await account.signAuthorization({ contractAddress: contract, chainId, nonce })
      return { method: 'eth_sign7702Authorization', data: { authorization: { contract, chain_id: chainId, nonce, r, s, y_parity: yParity ?? 0 } } }
    }
  }
}

/**
 * Signs `request` with a wallet's private key (Ethereum: the secp256k1 key; Solana: the ed25519 seed), for the signer
 * process and for delegated wallets alike. The caller checked the method's chain and zeroes the key afterwards.
 */
export async function signWalletRequest(privateKey: Uint8Array, request: SignerRequest): Promise<SignerResponse> {
  if (request.method === 'signMessage' || request.method === 'signTransaction') return signSolanaRequest(privateKey, request)
  try {
    return await signEthereumRequest(privateKeyToAccount(`0x${Buffer.from(privateKey).toString('hex')}`), request)
  } catch (error) {
    // viem's own checks (typed-data shapes, fee caps) name the request, never the key.
    if (error instanceof Error && error.name === 'ApiError') throw error
    throw invalidData(`Invalid ${request.method} request`)
  }
}
