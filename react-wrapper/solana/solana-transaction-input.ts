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

/** A send: `sponsor` has the app pay the fee (server-managed embedded wallets only; others are refused 'not_supported'). */
export interface SolanaSendTransactionInput<T extends SolanaTransactionLike = SolanaTransactionLike> extends SolanaTransactionInput<T> {
  sponsor?: boolean
}

export const transactionOptionsOf = ({ cluster, uiOptions, sponsor }: SolanaSendTransactionInput): SolanaTransactionOptions => ({
  ...(cluster && { cluster }),
  ...(uiOptions && { uiOptions }),
  ...(sponsor && { sponsor }),
})
