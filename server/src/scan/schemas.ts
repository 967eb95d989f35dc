import { z } from 'zod'
import type { ScanTransaction } from './types.js'

const address = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'must be an address')
  .transform((value) => value.toLowerCase() as `0x${string}`)
/** A JSON-RPC quantity: 0x hex, or a decimal string or number as some clients send. */
const quantity = z
  .union([
    z.string().regex(/^0x[0-9a-fA-F]{1,64}$/, 'must be a quantity'),
    z.string().regex(/^\d{1,78}$/, 'must be a quantity'),
    z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  ])
  .transform((value) => BigInt(value))
const data = z
  .string()
  .regex(/^0x([0-9a-fA-F]{2})*$/, 'must be 0x-prefixed hex bytes')
  .max(2 * 64 * 1024)

const transactionParams = z.object({
  from: address,
  to: address.nullish(),
  value: quantity.optional(),
  data: data.optional(),
  input: data.optional(),
  gas: quantity.optional(),
  gasPrice: quantity.optional(),
  nonce: quantity.optional(),
})

/** `POST /api/v1/scan/transaction`'s body (`ScanTransactionInput` in src/protocol). */
export const scanBody = z.object({
  chain_id: z
    .union([z.string().regex(/^(\d{1,20}|0x[0-9a-fA-F]{1,16})$/, 'must be a chain id'), z.number().int().positive()])
    .transform((value) => Number(value))
    .refine((value) => Number.isSafeInteger(value) && value > 0, 'must be a chain id'),
  metadata: z.object({ domain: z.string().min(1).max(500) }),
  request: z.object({
    method: z.literal('eth_sendTransaction'),
    params: z.tuple([transactionParams]).rest(z.unknown()),
  }),
})

export const scanTransactionOf = (params: z.infer<typeof transactionParams>): ScanTransaction => ({
  from: params.from,
  to: params.to ?? null,
  value: params.value ?? 0n,
  data: (params.data ?? params.input ?? '0x') as `0x${string}`,
  gas: params.gas ?? null,
})
