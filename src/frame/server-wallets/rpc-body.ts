/**
 * The frame's signing requests as wallet API rpc bodies, and the server's answers back as the frame answers an
 * on-device signature: a hex signature or signed raw transaction (Ethereum), `{ signature }` in base64 (Solana), and the
 * sponsored sends' answers: the hash (Ethereum), `{ signature }` in base58 (Solana).
 */
import {
  decodeBase58,
  type EthereumFrameRequest,
  type FrameResponseData,
  type FrameTransactionRequest,
  type ServerWalletRpcBody,
  type ServerWalletRpcResponse,
  type SolanaFrameRequest,
  type WalletRpcTransaction,
  type WalletRpcTypedData,
} from '../../protocol/index.js'
import { base64ToBytes } from '../encoding.js'
import { FrameError } from '../errors.js'

const invalid = (what: string) => new FrameError('invalid_request_arguments', `Invalid ${what}`)
const isHex = (value: unknown): value is `0x${string}` => typeof value === 'string' && /^0x[0-9a-fA-F]*$/.test(value)
const unsupported = (method: unknown) => new FrameError('invalid_request_arguments', `Unsupported method ${String(method).slice(0, 60)}`)
const transactionTypes = { legacy: 0, eip2930: 1, eip1559: 2 } as const
const SOLANA_CAIP2 = /^solana:(mainnet-beta|devnet|testnet)$/

/** The host's complete transaction in the wire's snake_case; access lists have no place on the wire. */
export function wireTransaction(request: FrameTransactionRequest): WalletRpcTransaction {
  if (typeof request !== 'object' || request === null) throw invalid('transaction')
  const type = transactionTypes[request.type]
  if (type === undefined) throw new FrameError('invalid_request_arguments', 'Unsupported transaction type')
  if (request.accessList?.length) throw invalid('accessList: server-managed wallets sign none')
  if (!Number.isSafeInteger(request.chainId) || request.chainId <= 0) throw invalid('chainId')
  if (!Number.isSafeInteger(request.nonce) || request.nonce < 0) throw invalid('nonce')
  const optional = {
    to: request.to ?? undefined,
    data: request.data,
    value: request.value,
    gas_price: request.gasPrice,
    max_fee_per_gas: request.maxFeePerGas,
    max_priority_fee_per_gas: request.maxPriorityFeePerGas,
  }
  const present = Object.fromEntries(Object.entries(optional).filter(([, value]) => value !== undefined && value !== null))
  return { chain_id: request.chainId, nonce: request.nonce, type, gas_limit: request.gas, ...present }
}

function typedDataOf(json: unknown): WalletRpcTypedData {
  let parsed: Record<string, unknown>
  try {
    parsed = typeof json === 'string' ? JSON.parse(json) : (json as Record<string, unknown>)
  } catch {
    throw invalid('typed data')
  }
  const { domain = {}, types, message, primaryType } = parsed ?? {}
  if (typeof primaryType !== 'string' || typeof types !== 'object' || typeof message !== 'object') throw invalid('typed data')
  return {
    domain: domain as WalletRpcTypedData['domain'],
    types: types as WalletRpcTypedData['types'],
    message: message as WalletRpcTypedData['message'],
    primary_type: primaryType,
  }
}

export function ethereumRpcBody(request: EthereumFrameRequest): ServerWalletRpcBody {
  const params: unknown[] = Array.isArray(request.params) ? request.params : []
  switch (request.method) {
    case 'personal_sign': {
      const [message] = params
      if (typeof message !== 'string') throw invalid('message')
      // Hex is the bytes to sign (EIP-1193); anything else is UTF-8 text.
      const body = isHex(message) ? { message, encoding: 'hex' as const } : { message, encoding: 'utf-8' as const }
      return { chain_type: 'ethereum', method: 'personal_sign', params: body }
    }
    case 'eth_signTypedData_v4':
      return { chain_type: 'ethereum', method: 'eth_signTypedData_v4', params: { typed_data: typedDataOf(params[1]) } }
    case 'eth_signTransaction':
      return { chain_type: 'ethereum', method: 'eth_signTransaction', params: { transaction: wireTransaction(params[0] as FrameTransactionRequest) } }
    case 'secp256k1_sign': {
      const [hash] = params
      if (!isHex(hash) || hash.length !== 66) throw invalid('hash')
      return { chain_type: 'ethereum', method: 'secp256k1_sign', params: { hash } }
    }
    case 'eth_sendTransaction':
      // Unsponsored sends are signed here and broadcast by the host, as on-device wallets' are.
      if (request.sponsor !== true) throw unsupported(request.method)
      return sponsoredSendBody(params[0] as FrameTransactionRequest)
    default:
      throw unsupported((request as { method?: unknown }).method)
  }
}

/** Only the call goes: the user operation's nonce, gas and fees are the server's, and the paymaster pays them. */
function sponsoredSendBody(request: FrameTransactionRequest): ServerWalletRpcBody {
  const { chain_id, to, value, data } = wireTransaction(request)
  if (!to) throw invalid('to: a sponsored send needs a recipient')
  const call = Object.fromEntries(Object.entries({ to, value, data }).filter(([, part]) => part !== undefined))
  return {
    chain_type: 'ethereum',
    method: 'eth_sendTransaction',
    caip2: `eip155:${request.chainId}`,
    sponsor: true,
    params: { transaction: { chain_id, ...call } },
  }
}

export function solanaRpcBody(request: SolanaFrameRequest): ServerWalletRpcBody {
  switch (request?.method) {
    case 'signMessage': {
      const { message, encoding } = request.params ?? {}
      if (encoding !== 'base64' || typeof message !== 'string' || !message) throw invalid('message')
      return { chain_type: 'solana', method: 'signMessage', params: { message, encoding: 'base64' } }
    }
    case 'signAndSendTransaction':
      // Unsponsored transactions are signed here (their message bytes) and sent by the host, as on-device wallets' are.
      if (request.sponsor !== true) throw unsupported(request.method)
      return sponsoredSolanaSendBody(request)
    default:
      throw unsupported((request as { method?: unknown } | null)?.method)
  }
}

/** The unsigned wire transaction, as the host built it: the server puts the app's fee payer in and signs. */
function sponsoredSolanaSendBody(request: Extract<SolanaFrameRequest, { method: 'signAndSendTransaction' }>): ServerWalletRpcBody {
  const { transaction, encoding } = request.params ?? {}
  if (encoding !== 'base64' || typeof transaction !== 'string' || !base64ToBytes(transaction)?.length) throw invalid('transaction')
  if (typeof request.caip2 !== 'string' || !SOLANA_CAIP2.test(request.caip2)) throw invalid('caip2')
  return { chain_type: 'solana', method: 'signAndSendTransaction', caip2: request.caip2, sponsor: true, params: { transaction, encoding: 'base64' } }
}

/** The server's answer as the frame's `rpc` answer; an answer for another method than asked is refused. */
export function frameRpcAnswer(asked: string, response: ServerWalletRpcResponse): FrameResponseData['rpc'] {
  if (response?.method !== asked || typeof response.data !== 'object' || response.data === null) throw new FrameError('error', 'Unable to sign')
  const data = response.data as Record<string, unknown>
  if (asked === 'signMessage' && typeof data.signature === 'string') return { method: asked, data: { signature: data.signature } }
  // The sent transaction's signature, base58 (the server calls it its hash).
  if (asked === 'signAndSendTransaction') {
    if (typeof data.hash !== 'string' || decodeBase58(data.hash)?.length !== 64) throw new FrameError('error', 'Unable to sign')
    return { method: asked, data: { signature: data.hash } }
  }
  const answer = asked === 'eth_signTransaction' ? data.signed_transaction : asked === 'eth_sendTransaction' ? data.hash : data.signature
  if (!isHex(answer)) throw new FrameError('error', 'Unable to sign')
  return { method: asked, data: answer }
}
