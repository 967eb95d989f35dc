import { ed25519 } from '@noble/curves/ed25519'
import type { TransactionSerializable } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { z } from 'zod'
import type { EmbeddedChainType, WalletRpcResponse } from '../../../src/protocol/index.js'
import { invalidData } from '../http/api-error.js'

/** Document 2 §7's signing methods on `/wallets/{wallet_id}/rpc`, in the reference wallet API's shapes. */
const hex = z.string().regex(/^0x[0-9a-fA-F]*$/, 'must be 0x-prefixed hex').max(200_000)
const hash = z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'must be a 32-byte 0x hash')
const quantity = z.union([hex.max(66), z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER)])
const ethereumAddress = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be an address')
const ethereumTarget = { chain_type: z.literal('ethereum').optional(), address: z.string().max(100).optional(), wallet_id: z.string().max(100).optional() }
const solanaTarget = { chain_type: z.literal('solana').optional(), address: z.string().max(100).optional(), wallet_id: z.string().max(100).optional() }

const transaction = z.strictObject({
  from: ethereumAddress.optional(),
  to: ethereumAddress.optional(),
  chain_id: quantity,
  nonce: quantity,
  data: hex.optional(),
  value: quantity.optional(),
  type: z.union([z.literal(0), z.literal(1), z.literal(2)]).optional(),
  gas_limit: quantity,
  gas_price: quantity.optional(),
  max_fee_per_gas: quantity.optional(),
  max_priority_fee_per_gas: quantity.optional(),
})

export const walletRpcBody = z.discriminatedUnion('method', [
  z.strictObject({ method: z.literal('personal_sign'), params: z.strictObject({ message: z.string().max(100_000), encoding: z.enum(['utf-8', 'hex']) }), ...ethereumTarget }),
  z.strictObject({ method: z.literal('eth_signTransaction'), params: z.strictObject({ transaction }), ...ethereumTarget }),
  z.strictObject({
    method: z.literal('eth_signTypedData_v4'),
    params: z.strictObject({
      typed_data: z.strictObject({
        domain: z.record(z.string(), z.unknown()),
        types: z.record(z.string(), z.array(z.strictObject({ name: z.string(), type: z.string() }))),
        message: z.record(z.string(), z.unknown()),
        primary_type: z.string().min(1).max(200),
      }),
    }),
    ...ethereumTarget,
  }),
  z.strictObject({ method: z.literal('secp256k1_sign'), params: z.strictObject({ hash }), ...ethereumTarget }),
  z.strictObject({ method: z.literal('signMessage'), params: z.strictObject({ message: z.string().min(4).max(100_000).regex(/^[A-Za-z0-9+/]+={0,2}$/, 'must be base64'), encoding: z.literal('base64') }), ...solanaTarget }),
])
export type WalletRpcRequest = z.infer<typeof walletRpcBody>

/** The chain each method signs for: a request for the other chain's wallet is refused before any key is opened. */
export const chainOfMethod = (method: WalletRpcRequest['method']): EmbeddedChainType => (method === 'signMessage' ? 'solana' : 'ethereum')

const bigintOf = (value: string | number) => BigInt(value)
const numberOf = (value: string | number, field: string) => {
  const number = Number(value)
  if (!Number.isSafeInteger(number)) throw invalidData(`Invalid request body: params.transaction.${field}: out of range`)
  return number
}
const required = <T>(value: T | undefined, field: string): T => {
  if (value === undefined) throw invalidData(`Invalid request body: params.transaction.${field}: required for this type`)
  return value
}

/** A complete transaction for viem: the server reads no chain state, so gas, fees, nonce and chain id come with it. */
function serializable(tx: z.infer<typeof transaction>, from: string): TransactionSerializable {
  if (tx.from && tx.from.toLowerCase() !== from.toLowerCase()) throw invalidData('Invalid request body: params.transaction.from: not this wallet')
  const type = tx.type ?? (tx.max_fee_per_gas !== undefined ? 2 : 0)
  const common = {
    chainId: numberOf(tx.chain_id, 'chain_id'), nonce: numberOf(tx.nonce, 'nonce'), gas: bigintOf(tx.gas_limit),
    to: (tx.to as `0x${string}` | undefined) ?? null, data: tx.data as `0x${string}` | undefined, value: tx.value === undefined ? undefined : bigintOf(tx.value),
  }
  if (type === 0) return { ...common, type: 'legacy', gasPrice: bigintOf(required(tx.gas_price, 'gas_price')) }
  if (type === 1) return { ...common, type: 'eip2930', gasPrice: bigintOf(required(tx.gas_price, 'gas_price')), accessList: [] }
  return {
    ...common, type: 'eip1559', accessList: [],
    maxFeePerGas: bigintOf(required(tx.max_fee_per_gas, 'max_fee_per_gas')),
    maxPriorityFeePerGas: bigintOf(required(tx.max_priority_fee_per_gas, 'max_priority_fee_per_gas')),
  }
}

/** Signs `request` with the wallet's key (32 bytes, which the caller zeroes). */
export async function signDelegatedRequest(privateKey: Uint8Array, request: WalletRpcRequest): Promise<WalletRpcResponse> {
  if (request.method === 'signMessage') {
    const message = Buffer.from(request.params.message, 'base64')
    if (message.toString('base64') !== request.params.message) throw invalidData('Invalid request body: params.message: must be base64')
    return { method: 'signMessage', data: { signature: Buffer.from(ed25519.sign(message, privateKey)).toString('base64'), encoding: 'base64' } }
  }
  const account = privateKeyToAccount(`0x${Buffer.from(privateKey).toString('hex')}`)
  try {
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
        return { method: 'eth_signTransaction', data: { signed_transaction: await account.signTransaction(serializable(request.params.transaction, account.address)), encoding: 'rlp' } }
    }
  } catch (error) {
    // viem's own checks (typed-data shapes, fee caps) name the request, never the key.
    if (error instanceof Error && error.name === 'ApiError') throw error
    throw invalidData(`Invalid ${request.method} request`)
  }
}
