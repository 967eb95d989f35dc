/**
 * The reference's `rpc` requests in our shapes: Solana `signMessage` comes without an encoding (base64 implied), and
 * `eth_signTransaction` carries viem's prepared request (bigint quantities, numeric type, `from`/`account`).
 * Values that do not convert are passed on unchanged, so the handlers' own checks refuse them.
 */
import { numberToHex } from 'viem'

const transactionTypes: Record<string, string> = { 0: 'legacy', 1: 'eip2930', 2: 'eip1559' }
const quantityFields = ['value', 'gas', 'gasPrice', 'maxFeePerGas', 'maxPriorityFeePerGas'] as const

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

function hexQuantity(value: unknown): unknown {
  if (typeof value === 'bigint' && value >= 0n) return numberToHex(value)
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return numberToHex(value)
  if (typeof value === 'string' && /^\d{1,78}$/.test(value)) return numberToHex(BigInt(value))
  return value
}

function safeNumber(value: unknown): unknown {
  if (typeof value === 'bigint' || (typeof value === 'string' && /^(0x[0-9a-fA-F]{1,13}|\d{1,15})$/.test(value))) return Number(value)
  return value
}

function ourTransaction(prepared: Record<string, unknown>): Record<string, unknown> {
  const { from: _from, account: _account, gasLimit, type = 2, ...rest } = prepared
  const transaction: Record<string, unknown> = { ...rest, gas: rest.gas ?? gasLimit, type: transactionTypes[String(type)] ?? type }
  for (const field of quantityFields) if (transaction[field] !== undefined && transaction[field] !== null) transaction[field] = hexQuantity(transaction[field])
  transaction.chainId = safeNumber(transaction.chainId)
  transaction.nonce = safeNumber(transaction.nonce)
  return transaction
}

export function ourRpcRequest(request: unknown): unknown {
  if (!isRecord(request)) return request
  const { method, params } = request
  if (method === 'signMessage' && isRecord(params) && params.encoding === undefined) return { method, params: { ...params, encoding: 'base64' } }
  if (method === 'eth_signTransaction' && Array.isArray(params) && isRecord(params[0])) return { method, params: [ourTransaction(params[0])] }
  return request
}
