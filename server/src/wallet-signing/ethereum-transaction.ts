import type { TransactionSerializable } from 'viem'
import type { z } from 'zod'
import { invalidData } from '../http/api-error.js'
import type { ethereumTransaction } from './rpc-request.js'

const bigintOf = (value: string | number) => BigInt(value)

/** A quantity that must fit a JS number (chain id, nonce); `field` names it in the error. */
export function safeNumberOf(value: string | number, field: string): number {
  const number = Number(value)
  if (!Number.isSafeInteger(number)) throw invalidData(`Invalid request body: ${field}: out of range`)
  return number
}

const required = <T>(value: T | undefined, field: string): T => {
  if (value === undefined) throw invalidData(`Invalid request body: params.transaction.${field}: required for this type`)
  return value
}

/** A complete transaction for viem: the signer reads no chain state, so gas, fees, nonce and chain id come with it. */
export function serializableTransaction(tx: z.infer<typeof ethereumTransaction>, from: string): TransactionSerializable {
  if (tx.from && tx.from.toLowerCase() !== from.toLowerCase()) throw invalidData('Invalid request body: params.transaction.from: not this wallet')
  const type = tx.type ?? (tx.max_fee_per_gas !== undefined ? 2 : 0)
  const common = {
    chainId: safeNumberOf(tx.chain_id, 'params.transaction.chain_id'),
    nonce: safeNumberOf(tx.nonce, 'params.transaction.nonce'),
    gas: bigintOf(tx.gas_limit),
    to: (tx.to as `0x${string}` | undefined) ?? null,
    data: tx.data as `0x${string}` | undefined,
    value: tx.value === undefined ? undefined : bigintOf(tx.value),
  }
  if (type === 0) return { ...common, type: 'legacy', gasPrice: bigintOf(required(tx.gas_price, 'gas_price')) }
  if (type === 1) return { ...common, type: 'eip2930', gasPrice: bigintOf(required(tx.gas_price, 'gas_price')), accessList: [] }
  return {
    ...common,
    type: 'eip1559',
    accessList: [],
    maxFeePerGas: bigintOf(required(tx.max_fee_per_gas, 'max_fee_per_gas')),
    maxPriorityFeePerGas: bigintOf(required(tx.max_priority_fee_per_gas, 'max_priority_fee_per_gas')),
  }
}
