/**
 * What a connected Solana account can do (wallet spec, "Entities and their fields": "Connected wallet (client side)"), through wallet-standard.
 * Messages sign at once; transactions load @solana/web3.js first. Each call takes the live session first: a wallet
 * no longer connected says so.
 */
import { findSolanaCluster } from '../../chains/solana-clusters.js'
import type { SolanaCluster } from '../../config/types.js'
import { invalidMessageError } from '../../errors/embedded-wallet-errors.js'
import { sponsorshipNotSupportedError, transactionSubmissionError, unableToSignError } from '../../errors/transaction-errors.js'
import type { ConnectedSolanaWallet } from '../types.js'
import { walletAction } from '../wallet-action-errors.js'
import type { SolanaSession } from '../wallet-session.js'
import { withTimeout } from '../with-timeout.js'
import { signSolanaMessage } from './standard-features.js'
import type { WalletTransactionDeps } from './wallet-transaction.js'

export interface SolanaAbilitiesContext {
  /** The session, or 'Wallet is not currently connected.'. */
  live(): SolanaSession
  timeoutMs: number
  /** The app's clusters, the default first (read per call: the config may change). */
  clusters(): SolanaCluster[]
}

type SolanaAbilities = Pick<ConnectedSolanaWallet, 'signMessage' | 'signTransaction' | 'signAndSendTransaction'>

export function solanaAbilities(context: SolanaAbilitiesContext): SolanaAbilities {
  const { timeoutMs } = context
  const transactionDeps = (session: SolanaSession, cluster?: string): WalletTransactionDeps => ({
    wallet: session.solana,
    account: session.account,
    cluster: findSolanaCluster(context.clusters(), cluster),
    timeoutMs,
  })
  return {
    async signMessage(message) {
      const bytes = typeof message === 'string' ? new TextEncoder().encode(message) : message
      if (!(bytes instanceof Uint8Array) || !bytes.length) throw invalidMessageError()
      const { solana, account } = context.live()
      return { signature: await walletAction(() => withTimeout(signSolanaMessage(solana, account, bytes), timeoutMs), unableToSignError) }
    },
    async signTransaction(transaction) {
      const deps = transactionDeps(context.live())
      return walletAction(async () => (await import('./sign-wallet-transaction.js')).signWalletTransaction(deps, transaction), unableToSignError)
    },
    async signAndSendTransaction(transaction, options = {}) {
      // The app pays only for server-managed embedded wallets' sends: a connected wallet pays its own fee.
      if (options.sponsor) throw sponsorshipNotSupportedError()
      const deps = transactionDeps(context.live(), options.cluster)
      return walletAction(
        async () => (await import('./sign-and-send-wallet-transaction.js')).signAndSendWalletTransaction(deps, transaction),
        transactionSubmissionError,
      )
    },
  }
}
