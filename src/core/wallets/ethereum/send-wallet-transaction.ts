/**
 * `eth_sendTransaction` through a connected wallet (wallet spec, "Entities and their fields"): the request as the wallet takes it, from the
 * connected account, every number as a hex quantity; the wallet fills what is missing (nonce, gas, fees) and signs.
 */
import { unsupportedTransactionTypeError } from '../../errors/embedded-wallet-errors.js'
import { assertSender, isHex, toQuantity, type Hex } from '../../transactions/prepare-ethereum-transaction.js'
import type { EthereumTransactionRequest } from '../embedded/types.js'
import { withTimeout } from '../with-timeout.js'
import type { Eip1193Provider } from './eip1193.js'

export interface SendWalletTransactionDeps {
  provider: Eip1193Provider
  address: string
  timeoutMs: number
}

const quantityFields = ['value', 'gas', 'gasPrice', 'maxFeePerGas', 'maxPriorityFeePerGas', 'nonce', 'chainId'] as const
const typeQuantities: Record<string, Hex> = { legacy: '0x0', eip2930: '0x1', eip1559: '0x2' }

/** The EIP-1193 transaction object; a wrong sender (4100), a bad number (4200) or an unknown type is refused here. */
export function walletTransactionParams(address: string, request: EthereumTransactionRequest): Record<string, string> {
  assertSender(address, request)
  const params: Record<string, string> = { from: address }
  if (request.to) params.to = request.to
  if (request.data) params.data = request.data
  for (const field of quantityFields) {
    const value = request[field]
    if (value !== undefined) params[field] = toQuantity(value)
  }
  if (request.type !== undefined) params.type = transactionTypeQuantity(request.type)
  return params
}

function transactionTypeQuantity(type: NonNullable<EthereumTransactionRequest['type']>): Hex {
  const quantity = typeof type === 'string' && !isHex(type) ? typeQuantities[type] : toQuantity(type)
  if (!quantity || Number(quantity) > 2) throw unsupportedTransactionTypeError()
  return quantity
}

export async function sendWalletTransaction(deps: SendWalletTransactionDeps, request: EthereumTransactionRequest): Promise<{ hash: string }> {
  const params = walletTransactionParams(deps.address, request)
  const hash = await withTimeout(deps.provider.request({ method: 'eth_sendTransaction', params: [params] }), deps.timeoutMs)
  if (typeof hash !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(hash)) throw new Error('The wallet returned no transaction hash')
  return { hash }
}
