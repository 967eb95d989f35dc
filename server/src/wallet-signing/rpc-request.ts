import { z } from 'zod'
import type { EmbeddedChainType } from '../../../src/protocol/index.js'

/** The signing methods of the wallet spec, "The calls it makes", on `/wallets/{wallet_id}/rpc`, in the reference wallet API's shapes. */
const hex = z
  .string()
  .regex(/^0x[0-9a-fA-F]*$/, 'must be 0x-prefixed hex')
  .max(200_000)
const hash = z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'must be a 32-byte 0x hash')
const quantity = z.union([hex.max(66), z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER)])
const ethereumAddress = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be an address')
const base64 = z
  .string()
  .min(4)
  .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'must be base64')
const ethereumTarget = { chain_type: z.literal('ethereum').optional(), address: z.string().max(100).optional(), wallet_id: z.string().max(100).optional() }
const solanaTarget = { chain_type: z.literal('solana').optional(), address: z.string().max(100).optional(), wallet_id: z.string().max(100).optional() }

export const ethereumTransaction = z.strictObject({
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
  z.strictObject({
    method: z.literal('personal_sign'),
    params: z.strictObject({ message: z.string().max(100_000), encoding: z.enum(['utf-8', 'hex']) }),
    ...ethereumTarget,
  }),
  z.strictObject({ method: z.literal('eth_signTransaction'), params: z.strictObject({ transaction: ethereumTransaction }), ...ethereumTarget }),
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
  z.strictObject({
    method: z.literal('signMessage'),
    params: z.strictObject({ message: base64.max(100_000), encoding: z.literal('base64') }),
    ...solanaTarget,
  }),
])
export type WalletRpcRequest = z.infer<typeof walletRpcBody>

/** A Solana wire transaction (legacy or v0) to sign in the wallet's signer slot; 1232 bytes is the packet limit. */
export const solanaSignTransaction = z.strictObject({
  method: z.literal('signTransaction'),
  params: z.strictObject({ transaction: base64.max(20_000), encoding: z.literal('base64') }),
  ...solanaTarget,
})

/** An EIP-7702 authorization; the signer reads no chain, so the account's nonce comes with it. */
export const sign7702Authorization = z.strictObject({
  method: z.literal('eth_sign7702Authorization'),
  params: z.strictObject({ contract: ethereumAddress, chain_id: quantity, nonce: quantity }),
  ...ethereumTarget,
})

/** Everything the signer signs: the wallet spec's methods, Solana transactions and EIP-7702 authorizations (gas sponsorship). */
export const signerRequestBody = z.discriminatedUnion('method', [...walletRpcBody.options, solanaSignTransaction, sign7702Authorization])
export type SignerRequest = z.infer<typeof signerRequestBody>

/** The chain each method signs for: a request for the other chain's wallet is refused before any key is opened. */
export const chainOfMethod = (method: SignerRequest['method']): EmbeddedChainType =>
  method === 'signMessage' || method === 'signTransaction' ? 'solana' : 'ethereum'
