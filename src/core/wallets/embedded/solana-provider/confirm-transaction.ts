import { Connection, Transaction } from '@solana/web3.js'
import { findSolanaCluster } from '../../../chains/solana-clusters.js'
import { sponsorshipNotSupportedError, transactionRejectedError } from '../../../errors/transaction-errors.js'
import { solanaTransactionConfirmation, type SolanaTransactionOutcome } from '../../../transactions/solana/solana-transaction-confirmation.js'
import { containsAccount, isLegacyTransaction, isVersionedTransaction } from '../../../transactions/solana/transaction-shape.js'
import { walletNotInTransactionError } from '../../wallet-action-errors.js'
import { confirmed } from '../confirmation-gate.js'
import { ProviderRpcError } from '../provider-rpc-error.js'
import type { SolanaTransactionLike, SolanaTransactionOptions } from '../types.js'
import { unsupportedTransactionError } from './errors.js'
import { solUsd, splTokenInfoLookup } from './lookups.js'
import type { SolanaProviderRuntime } from './runtime.js'
import { signInFrame } from './sign-in-frame.js'

/** Signs (`signOnly`) or signs and sends a transaction on its cluster once confirmed; the user's rejection is the transaction's. */
export async function confirmTransaction<T extends SolanaTransactionLike>(
  runtime: SolanaProviderRuntime,
  transaction: T,
  signOnly: boolean,
  transactionOptions: SolanaTransactionOptions,
): Promise<SolanaTransactionOutcome<T>> {
  const { options } = runtime
  // Wallet spec: only server-managed (TEE) wallets are sponsored, and only their sends (the wallet API sends them).
  if (transactionOptions.sponsor && (signOnly || !options.serverManaged)) throw sponsorshipNotSupportedError()
  if (!isLegacyTransaction(transaction) && !isVersionedTransaction(transaction)) throw unsupportedTransactionError()
  if (transaction instanceof Transaction) transaction.feePayer ??= runtime.publicKey
  if (!containsAccount(transaction, options.address)) throw walletNotInTransactionError(options.address)
  const cluster = findSolanaCluster(options.clusters, transactionOptions.cluster)
  const uiOptions = transactionOptions.uiOptions ?? {}
  const controller = solanaTransactionConfirmation({
    transaction,
    signOnly,
    uiOptions,
    address: options.address,
    cluster,
    connection: new Connection(cluster.rpcUrl, { commitment: 'confirmed' }),
    signTransaction: (unsigned) => signInFrame(runtime, unsigned),
    splTokenInfo: splTokenInfoLookup(options, cluster),
    solUsd: () => solUsd(options),
    confirmPollMs: options.confirmPollMs,
    confirmTimeoutMs: options.confirmTimeoutMs,
    ...(transactionOptions.idempotencyKey && !signOnly && { idempotency: { key: transactionOptions.idempotencyKey, ledger: runtime.sends } }),
    ...(transactionOptions.sponsor && { sponsoredSend: options.sign }),
  })
  return confirmed(options, controller, { showWalletUIs: uiOptions.showWalletUIs, options: transactionOptions.confirmation }).catch((error: unknown) => {
    throw error instanceof ProviderRpcError && error.code === 4001 ? transactionRejectedError(error) : error
  })
}
