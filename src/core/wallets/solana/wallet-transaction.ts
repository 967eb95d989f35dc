/**
 * A host's @solana/web3.js transaction on its way to a wallet-standard wallet and back: completed for the cluster
 * (fee payer, recent blockhash), checked to involve the wallet (funding spec, "Validation rules"), serialized for the wallet, and given
 * the wallet's signatures. Loaded with a connected wallet's first transaction (@solana/web3.js comes with it).
 */
import { Connection, PublicKey, Transaction, VersionedTransaction } from '@solana/web3.js'
import type { SolanaCluster } from '../../config/types.js'
import { unsupportedTransactionTypeError } from '../../errors/embedded-wallet-errors.js'
import {
  containsAccount,
  isLegacyTransaction,
  isVersionedTransaction,
  recentBlockhashOf,
  setRecentBlockhash,
} from '../../transactions/solana/transaction-shape.js'
import type { StandardWallet, StandardWalletAccount } from '../discovery/wallet-standard.js'
import type { SolanaTransactionLike } from '../embedded/types.js'
import { walletNotInTransactionError } from '../wallet-action-errors.js'

export interface WalletTransactionDeps {
  wallet: StandardWallet
  account: StandardWalletAccount
  cluster: SolanaCluster
  timeoutMs: number
}

/** The cluster as a wallet-standard chain: mainnet-beta is `solana:mainnet`. */
export const walletChainOf = (cluster: SolanaCluster) => `solana:${cluster.name === 'mainnet-beta' ? 'mainnet' : cluster.name}`

export const clusterConnection = (cluster: SolanaCluster) => new Connection(cluster.rpcUrl, 'confirmed')

/** The bytes the wallet signs: a legacy transaction gets the wallet as fee payer and a blockhash when it has none. */
export async function walletTransactionBytes(transaction: SolanaTransactionLike, address: string, connection: Connection): Promise<Uint8Array> {
  if (!isLegacyTransaction(transaction) && !isVersionedTransaction(transaction)) throw unsupportedTransactionTypeError()
  // Only this bundle's class takes this bundle's PublicKey; a host's own copy sets its fee payer itself.
  if (transaction instanceof Transaction) transaction.feePayer ??= new PublicKey(address)
  if (!recentBlockhashOf(transaction)) setRecentBlockhash(transaction, (await connection.getLatestBlockhash()).blockhash)
  if (!containsAccount(transaction, address)) throw walletNotInTransactionError(address)
  return isLegacyTransaction(transaction) ? transaction.serialize({ requireAllSignatures: false, verifySignatures: false }) : transaction.serialize()
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((byte, index) => byte === b[index])

/**
 * The caller's transaction with the signatures of the wallet's answer; a wallet that rewrote the message (a priority
 * fee added, say) signed its own version, which comes back instead, as this bundle's class.
 */
export function withWalletSignatures<T extends SolanaTransactionLike>(transaction: T, signed: Uint8Array): T {
  if (isLegacyTransaction(transaction)) {
    const decoded = Transaction.from(signed)
    if (!sameBytes(decoded.serializeMessage(), transaction.serializeMessage())) return decoded as unknown as T
    decoded.signatures.forEach(({ signature }, index) => signature && transaction.addSignature(transaction.signatures[index]!.publicKey, signature))
    return transaction
  }
  if (!isVersionedTransaction(transaction)) throw unsupportedTransactionTypeError()
  const decoded = VersionedTransaction.deserialize(signed)
  if (!sameBytes(decoded.message.serialize(), transaction.message.serialize())) return decoded as unknown as T
  decoded.signatures.forEach((signature, index) => {
    if (signature.some((byte) => byte !== 0)) transaction.signatures[index] = signature
  })
  return transaction
}
