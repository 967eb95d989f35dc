import { z } from 'zod'
import type { Address, Hex } from 'viem'
import type { UserOperation } from 'viem/account-abstraction'

const hex = z
  .string()
  .regex(/^0x(?:[0-9a-fA-F]{2})*$/, 'must be 0x-prefixed hex bytes')
  .max(64 * 1024)
const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be an address')
const quantity = z
  .string()
  .regex(/^0x[0-9a-fA-F]{1,64}$/, 'must be a hex quantity')
  .transform((value) => BigInt(value))

/** An EntryPoint 0.7 / 0.8 user operation as JSON-RPC carries it (ERC-7769): quantities in hex. */
const rpcUserOperation = z.object({
  sender: address,
  nonce: quantity,
  // The EIP-7702 marker '0x7702' is shorter than an address.
  factory: z.union([address, z.literal('0x7702')]).nullish(),
  factoryData: hex.nullish(),
  callData: hex,
  callGasLimit: quantity,
  verificationGasLimit: quantity,
  preVerificationGas: quantity,
  maxFeePerGas: quantity,
  maxPriorityFeePerGas: quantity,
  paymasterVerificationGasLimit: quantity.nullish(),
  paymasterPostOpGasLimit: quantity.nullish(),
  signature: hex.nullish(),
})

const paymasterContext = z
  .object({
    mode: z.literal('SPONSORED', { error: 'this paymaster only sponsors (mode SPONSORED)' }).optional(),
    expiry: z.number().int().positive().optional(),
    calculateGasLimits: z.boolean().optional(),
  })
  .passthrough()
  .nullish()

/** ERC-7677 params: [userOperation, entryPoint, chainId, context]. */
export const paymasterParams = z.tuple([rpcUserOperation, address, quantity, paymasterContext.optional()])

export const jsonRpcRequest = z.object({
  jsonrpc: z.literal('2.0'),
  id: z.union([z.string().max(100), z.number(), z.null()]),
  method: z.string().max(100),
  params: z.unknown(),
})

export interface PaymasterCall {
  userOperation: UserOperation<'0.7'>
  entryPoint: Address
  chainId: number
  expirySeconds: number | undefined
}

/** Parsed params, or the first problem as a sentence. */
export function readPaymasterParams(params: unknown): PaymasterCall | string {
  const result = paymasterParams.safeParse(params)
  if (!result.success) {
    const issue = result.error.issues[0]
    return `${issue?.path.join('.') || 'params'}: ${issue?.message ?? 'invalid'}`
  }
  const [op, entryPoint, chainId, context] = result.data
  if (chainId > BigInt(Number.MAX_SAFE_INTEGER)) return '2: chain id too large'
  const { factory, factoryData, paymasterVerificationGasLimit, paymasterPostOpGasLimit, signature, ...rest } = op
  const userOperation: UserOperation<'0.7'> = {
    ...rest,
    sender: rest.sender as Address,
    callData: rest.callData as Hex,
    signature: (signature ?? '0x') as Hex,
    ...(factory && { factory: factory as Address, factoryData: (factoryData ?? '0x') as Hex }),
    ...(paymasterVerificationGasLimit != null && { paymasterVerificationGasLimit }),
    ...(paymasterPostOpGasLimit != null && { paymasterPostOpGasLimit }),
  }
  return { userOperation, entryPoint: entryPoint as Address, chainId: Number(chainId), expirySeconds: context?.expiry }
}
