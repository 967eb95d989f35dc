/** `solana:signTransaction` through a connected wallet (wallet spec, "Entities and their fields"): the transaction comes back signed. */
import type { Connection } from '@solana/web3.js'
import type { SolanaTransactionLike } from '../embedded/types.js'
import { withTimeout } from '../with-timeout.js'
import { signSolanaTransaction } from './standard-features.js'
import { clusterConnection, walletChainOf, walletTransactionBytes, withWalletSignatures, type WalletTransactionDeps } from './wallet-transaction.js'

export async function signWalletTransaction<T extends SolanaTransactionLike>(
  deps: WalletTransactionDeps,
  transaction: T,
  connection: Connection = clusterConnection(deps.cluster),
): Promise<T> {
  const unsigned = await walletTransactionBytes(transaction, deps.account.address, connection)
  const signed = await withTimeout(signSolanaTransaction(deps.wallet, deps.account, unsigned, walletChainOf(deps.cluster)), deps.timeoutMs)
  return withWalletSignatures(transaction, signed)
}
