import type { SolanaTransactionLike, SolanaTransactionOptions, TransactionUiOptions } from '../../src/core/index.js'

/** A Solana transaction for an embedded wallet: @solana/web3.js `Transaction` or `VersionedTransaction`. */
export interface SolanaTransactionInput<T extends SolanaTransactionLike = SolanaTransactionLike> {
  transaction: T
  /** The embedded Solana wallet (default the primary one). */
  address?: string
  /** A cluster name (default the app's first): the confirmation reads it and the transaction is sent there. */
  cluster?: string
  uiOptions?: TransactionUiOptions
}

export const transactionOptionsOf = ({ cluster, uiOptions }: SolanaTransactionInput): SolanaTransactionOptions => ({ ...(cluster && { cluster }), ...(uiOptions && { uiOptions }) })
