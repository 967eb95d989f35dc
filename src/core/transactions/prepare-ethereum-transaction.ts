/**
 * Completes an Ethereum transaction request for signing (sign-in spec, "Business constants and limits"): the wallet's 'pending' nonce, the gas
 * estimate, the type and fees of the chain's gas rule. The EIP-1193 provider and the confirmation both use it.
 */
import type { FrameTransactionRequest } from '../../protocol/index.js'
import type { Chain } from '../chains/chain.js'
import { eip1559Fees, gasRuleFor } from '../chains/gas-rules.js'
import { unsupportedTransactionTypeError } from '../errors/embedded-wallet-errors.js'
import { ProviderRpcError, providerRpcErrors } from '../wallets/embedded/provider-rpc-error.js'
import type { EthereumTransactionRequest } from '../wallets/embedded/types.js'

export type Hex = `0x${string}`

export interface TransactionPreparationContext {
  address: string
  /** The chain the request names (`chainId`), else the provider's current one. */
  chainFor(request: EthereumTransactionRequest): Chain
  rpc<T>(method: string, params: unknown[], on: Chain): Promise<T>
}

export interface PreparedEthereumTransaction {
  transaction: FrameTransactionRequest
  on: Chain
}

export async function prepareEthereumTransaction(
  context: TransactionPreparationContext,
  request: EthereumTransactionRequest,
): Promise<PreparedEthereumTransaction> {
  const { address, rpc } = context
  assertSender(address, request)
  const on = context.chainFor(request)
  const to = (request.to ?? null) as Hex | null
  const value = request.value !== undefined ? toQuantity(request.value) : undefined
  const data = request.data as Hex | undefined
  const [nonce, gas] = await Promise.all([
    request.nonce !== undefined ? Number(request.nonce) : rpc<Hex>('eth_getTransactionCount', [address, 'pending'], on).then(Number),
    request.gas !== undefined
      ? toQuantity(request.gas)
      : rpc<Hex>('eth_estimateGas', [{ from: address, ...(to && { to }), ...(value && { value }), ...(data && { data }) }], on),
  ])
  const base = { chainId: on.id, nonce, to, gas, ...(value && { value }), ...(data && { data }) }
  const type = await transactionType(context, request, on)
  if (type !== 'eip1559') {
    const gasPrice = request.gasPrice !== undefined ? toQuantity(request.gasPrice) : await rpc<Hex>('eth_gasPrice', [], on)
    return { transaction: { ...base, type, gasPrice, ...(type === 'eip2930' && { accessList: [] }) }, on }
  }
  if (request.maxFeePerGas !== undefined) {
    const maxPriorityFeePerGas =
      request.maxPriorityFeePerGas !== undefined ? toQuantity(request.maxPriorityFeePerGas) : await rpc<Hex>('eth_maxPriorityFeePerGas', [], on)
    return { transaction: { ...base, type, maxFeePerGas: toQuantity(request.maxFeePerGas), maxPriorityFeePerGas }, on }
  }
  const [block, priority] = await Promise.all([
    rpc<{ baseFeePerGas?: Hex | null }>('eth_getBlockByNumber', ['latest', false], on),
    request.maxPriorityFeePerGas !== undefined ? toQuantity(request.maxPriorityFeePerGas) : rpc<Hex>('eth_maxPriorityFeePerGas', [], on),
  ])
  const fees = eip1559Fees(on.id, { baseFeePerGas: BigInt(block.baseFeePerGas ?? 0), maxPriorityFeePerGas: BigInt(priority) })
  return { transaction: { ...base, type, maxFeePerGas: toQuantity(fees.maxFeePerGas), maxPriorityFeePerGas: toQuantity(fees.maxPriorityFeePerGas) }, on }
}

/** A request naming another sender is refused before anything else (4100). */
export function assertSender(address: string, request: EthereumTransactionRequest): void {
  if (request.from && request.from.toLowerCase() !== address.toLowerCase()) {
    throw new ProviderRpcError(providerRpcErrors.unauthorized, `The wallet cannot send from ${request.from}`)
  }
}

/** Asked type, else legacy with a gas price or on a type-0 chain, else EIP-1559 where the chain has a base fee. */
async function transactionType(
  context: TransactionPreparationContext,
  request: EthereumTransactionRequest,
  on: Chain,
): Promise<FrameTransactionRequest['type']> {
  if (gasRuleFor(on.id) === 'legacy-only') return 'legacy'
  if (request.type !== undefined) return namedTransactionType(request.type)
  if (request.gasPrice !== undefined) return 'legacy'
  const block = await context.rpc<{ baseFeePerGas?: Hex | null }>('eth_getBlockByNumber', ['latest', false], on)
  return block.baseFeePerGas ? 'eip1559' : 'legacy'
}

/** The accepted names of transaction types 0, 1 and 2 (sign-in spec, "Validation rules"); anything else is refused. */
function namedTransactionType(type: NonNullable<EthereumTransactionRequest['type']>): FrameTransactionRequest['type'] {
  const named = ({ legacy: 'legacy', eip2930: 'eip2930', eip1559: 'eip1559', 0: 'legacy', 1: 'eip2930', 2: 'eip1559' } as const)[
    typeof type === 'string' && isHex(type) ? Number(type) : type
  ]
  if (!named) throw unsupportedTransactionTypeError()
  return named
}

export const isHex = (value: string): value is Hex => /^0x[0-9a-fA-F]*$/.test(value)

/** A JSON-RPC quantity from a number, bigint, decimal or hex string. */
export function toQuantity(value: string | number | bigint): Hex {
  try {
    return `0x${BigInt(value).toString(16)}`
  } catch {
    throw new ProviderRpcError(providerRpcErrors.invalidParams, 'Invalid params')
  }
}
