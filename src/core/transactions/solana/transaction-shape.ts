/**
 * The two @solana/web3.js transaction kinds, recognised by shape rather than `instanceof`: the host page's
 * transaction may come from its own copy of @solana/web3.js (a script-tag page always does), whose classes are not
 * this bundle's.
 */
import { Message, VersionedMessage, type PublicKey, type Transaction, type VersionedTransaction } from '@solana/web3.js'
import { unsupportedTransactionTypeError } from '../../errors/embedded-wallet-errors.js'
import type { SolanaTransactionLike } from '../../wallets/embedded/types.js'

export type LegacyTransactionShape = Pick<Transaction, 'serializeMessage' | 'addSignature' | 'recentBlockhash' | 'instructions' | 'feePayer'> & {
  signatures: { publicKey: PublicKey }[]
} & SolanaTransactionLike
export type VersionedTransactionShape = Pick<VersionedTransaction, 'message' | 'signatures'> & SolanaTransactionLike

export const isLegacyTransaction = (transaction: unknown): transaction is LegacyTransactionShape =>
  typeof (transaction as Partial<Transaction>).serializeMessage === 'function' && typeof (transaction as Partial<Transaction>).addSignature === 'function'

export const isVersionedTransaction = (transaction: unknown): transaction is VersionedTransactionShape => {
  const message = (transaction as Partial<VersionedTransaction>).message
  return (
    Array.isArray((transaction as Partial<VersionedTransaction>).signatures) &&
    typeof message?.serialize === 'function' &&
    Array.isArray(message.staticAccountKeys)
  )
}

/** The message as this bundle's class, read back from its bytes (a legacy one needs its fee payer and blockhash set). */
export function messageOf(transaction: SolanaTransactionLike): VersionedMessage {
  if (isLegacyTransaction(transaction)) return Message.from(transaction.serializeMessage())
  if (isVersionedTransaction(transaction)) return VersionedMessage.deserialize(transaction.message.serialize())
  throw unsupportedTransactionTypeError()
}

export function recentBlockhashOf(transaction: SolanaTransactionLike): string | undefined {
  if (isLegacyTransaction(transaction)) return transaction.recentBlockhash
  if (isVersionedTransaction(transaction)) return transaction.message.recentBlockhash
  return undefined
}

/** A fresh blockhash makes an expired transaction sendable again; the wallet signs it anew afterwards. */
export function setRecentBlockhash(transaction: SolanaTransactionLike, blockhash: string): void {
  if (isLegacyTransaction(transaction)) transaction.recentBlockhash = blockhash
  else if (isVersionedTransaction(transaction)) transaction.message.recentBlockhash = blockhash
}

/** Funding spec, "Validation rules": a transaction for the wallet must contain the wallet's public key (as fee payer or in an instruction). */
export function containsAccount(transaction: SolanaTransactionLike, address: string): boolean {
  if (isLegacyTransaction(transaction)) {
    return (
      transaction.feePayer?.toBase58() === address ||
      transaction.instructions.some((instruction) => instruction.keys.some((key) => key.pubkey.toBase58() === address))
    )
  }
  return isVersionedTransaction(transaction) && transaction.message.staticAccountKeys.some((key) => key.toBase58() === address)
}
