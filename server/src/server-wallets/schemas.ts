import { z } from 'zod'
import { SERVER_WALLET_EXPORT_ENCRYPTION } from '../../../src/protocol/index.js'
import { solanaSignTransaction, walletRpcBody } from '../wallet-signing/rpc-request.js'
import { chainType } from '../wallets/schemas.js'
import { NOT_A_P256_PUBLIC_KEY, parseP256PublicKey } from './p256-key.js'

const hex = z
  .string()
  .regex(/^0x[0-9a-fA-F]*$/, 'must be 0x-prefixed hex')
  .max(200_000)
const quantity = z.union([hex.max(66), z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER)])
const ethereumAddress = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be an address')
const base64Transaction = z
  .string()
  .min(4)
  .max(20_000)
  .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'must be base64')
const target = { address: z.string().max(100).optional(), wallet_id: z.string().max(100).optional() }

export const createServerWalletBody = z.strictObject({
  chain_type: chainType,
  owner_id: z.string().min(1).max(100).optional(),
  wallet_index: z.number().int().min(0).max(1_000_000).optional(),
})
export const importServerWalletBody = z.strictObject({ chain_type: chainType, private_key: z.string().min(1).max(200) })
export const rawSignBody = z.strictObject({
  params: z.strictObject({
    hash: z
      .string()
      .regex(/^0x[0-9a-fA-F]{64}$/, 'must be a 32-byte 0x hash')
      .transform((hash) => hash as `0x${string}`),
  }),
})
/** The key is sealed to `recipient_public_key` (HPKE, P-256): checked here so a malformed one spends no signature. */
export const exportServerWalletBody = z.strictObject({
  encryption_type: z.literal(SERVER_WALLET_EXPORT_ENCRYPTION),
  recipient_public_key: z.string().refine((text) => parseP256PublicKey(text) !== null, NOT_A_P256_PUBLIC_KEY),
})

/** The reference's `WalletsGet` query: its pagination (at most 100 a page) and filters. */
export const listServerWalletsQuery = z.strictObject({
  cursor: z.string().min(1).max(100).optional(),
  limit: z.coerce.number().int().min(1).max(100, 'Query limit can be at maximum 100 records.').optional(),
  chain_type: chainType.optional(),
  user_id: z.string().min(1).max(100).optional(),
})
export const registerUserSignerBody = z.strictObject({ public_key: z.string().min(1).max(200) })
const additionalSigner = z.strictObject({ signer_id: z.string().min(1).max(100), override_policy_ids: z.array(z.string().max(100)).max(1).optional() })
/** The reference's other fields (owner, policy_ids, authorization keys) are Tessera's to refuse: unknown keys are invalid. */
export const updateServerWalletBody = z.strictObject({ additional_signers: z.array(additionalSigner).max(20) })

/** What a send may leave out: the server fills nonce, gas and fees from the chain, and the chain id from `caip2`. */
const sendTransaction = z.strictObject({
  from: ethereumAddress.optional(),
  to: ethereumAddress.optional(),
  chain_id: quantity.optional(),
  nonce: quantity.optional(),
  data: hex.optional(),
  value: quantity.optional(),
  type: z.union([z.literal(0), z.literal(1), z.literal(2)]).optional(),
  gas_limit: quantity.optional(),
  gas_price: quantity.optional(),
  max_fee_per_gas: quantity.optional(),
  max_priority_fee_per_gas: quantity.optional(),
})

const ethereumTarget = { chain_type: z.literal('ethereum').optional(), ...target }
const solanaTarget = { chain_type: z.literal('solana').optional(), ...target }
const solanaTransactionParams = z.strictObject({ transaction: base64Transaction, encoding: z.literal('base64') })

/** The signing methods of delegated wallets, plus what only the server's own wallets do: sends, Solana transactions, EIP-7702. */
export const serverWalletRpcBody = z.discriminatedUnion('method', [
  ...walletRpcBody.options,
  z.strictObject({
    method: z.literal('eth_sendTransaction'),
    caip2: z.string().regex(/^eip155:\d{1,20}$/, 'must be eip155:<chain id>'),
    sponsor: z.boolean().optional(),
    params: z.strictObject({ transaction: sendTransaction }),
    ...ethereumTarget,
  }),
  z.strictObject({
    method: z.literal('eth_sign7702Authorization'),
    params: z.strictObject({ contract: ethereumAddress, chain_id: quantity, nonce: quantity.optional() }),
    ...ethereumTarget,
  }),
  solanaSignTransaction,
  z.strictObject({
    method: z.literal('signAndSendTransaction'),
    caip2: z.enum(['solana:mainnet-beta', 'solana:devnet', 'solana:testnet']),
    sponsor: z.boolean().optional(),
    params: solanaTransactionParams,
    ...solanaTarget,
  }),
])
export type ServerWalletRpcRequest = z.infer<typeof serverWalletRpcBody>
