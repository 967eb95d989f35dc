import { transactionRejectedError } from '../../../errors/transaction-errors.js'
import { ProviderRpcError } from '../provider-rpc-error.js'

/** The client API rejects a declined transaction as a transaction failure (the provider keeps EIP-1193's 4001). */
export function asTransactionFailure(error: unknown): never {
  throw error instanceof ProviderRpcError && error.code === 4001 ? transactionRejectedError(error) : error
}
