/**
 * A connected Solana wallet pays (wallet spec, "Entities and their fields"): `solana:signAndSendTransaction` when the wallet offers it on the
 * cluster's chain, else the wallet signs and the client sends through the cluster's RPC. Either way the call ends
 * when the cluster confirms, polled (the local endpoint has no websockets).
 */
import { encodeBase58 } from '../../../protocol/index.js'
import { confirmSolanaSignature, submitSolanaTransaction } from '../../transactions/solana/submit-solana-transaction.js'
import type { SolanaTransactionLike } from '../embedded/types.js'
import { withTimeout } from '../with-timeout.js'
import { signWalletTransaction } from './sign-wallet-transaction.js'
import { canSignAndSend, signAndSendSolanaTransaction } from './standard-features.js'
import { clusterConnection, walletChainOf, walletTransactionBytes, type WalletTransactionDeps } from './wallet-transaction.js'

export async function signAndSendWalletTransaction(deps: WalletTransactionDeps, transaction: SolanaTransactionLike): Promise<{ signature: string }> {
  const connection = clusterConnection(deps.cluster)
  const chain = walletChainOf(deps.cluster)
  if (canSignAndSend(deps.wallet, deps.account, chain)) {
    const unsigned = await walletTransactionBytes(transaction, deps.account.address, connection)
    const sent = encodeBase58(await withTimeout(signAndSendSolanaTransaction(deps.wallet, deps.account, unsigned, chain), deps.timeoutMs))
    return { signature: await confirmSolanaSignature(connection, sent) }
  }
  const signed = await signWalletTransaction(deps, transaction, connection)
  return { signature: await submitSolanaTransaction(connection, signed.serialize()) }
}
