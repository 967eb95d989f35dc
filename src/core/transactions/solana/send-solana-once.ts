/**
 * A Solana send under an idempotency key (docs/security.md #60): signed once, the same bytes sent again on every retry, the
 * first signature answered each time. The key's transaction is never signed again, so it cannot land twice; once its
 * blockhash has expired without landing, a new send needs a new key.
 */
import { VersionedTransaction, type Connection } from '@solana/web3.js'
import { encodeBase58 } from '../../../protocol/index.js'
import type { SolanaTransactionLike } from '../../wallets/embedded/types.js'
import { sendOnce, type SendLedger } from '../send-once.js'
import { confirmSolanaSignature, simulationFailedError, type ConfirmTiming } from './submit-solana-transaction.js'
import { messageOf } from './transaction-shape.js'

// Fingerprints compare the message without its blockhash: a retry may carry a fresher one.
const ANY_BLOCKHASH = '11111111111111111111111111111111'

/** What makes two Solana requests the same send: the message (fee payer, accounts, instructions), blockhash aside. */
export function solanaSendFingerprint(transaction: SolanaTransactionLike): string {
  const message = messageOf(transaction)
  message.recentBlockhash = ANY_BLOCKHASH
  return `solana:${encodeBase58(message.serialize())}`
}

export interface SendSolanaOnceInput<T extends SolanaTransactionLike> extends ConfirmTiming {
  connection: Connection
  /** With its blockhash set. */
  transaction: T
  signTransaction(transaction: T): Promise<T>
  idempotency: { key: string; ledger: SendLedger }
  onSent?(signature: string): void
}

export async function sendSolanaOnce<T extends SolanaTransactionLike>(input: SendSolanaOnceInput<T>): Promise<{ transaction: T; signature: string }> {
  const { connection } = input
  const { signed, id } = await sendOnce<T>(
    {
      ledger: input.idempotency.ledger,
      broadcast: (signed) =>
        connection.sendRawTransaction(signed.serialize()).catch((error: unknown) => {
          throw simulationFailedError(error)
        }),
      idOf: (signed) => encodeBase58(VersionedTransaction.deserialize(signed.serialize()).signatures[0]!),
      isKnown: async (signature) => (await connection.getSignatureStatuses([signature], { searchTransactionHistory: true })).value[0] !== null,
    },
    { key: input.idempotency.key, fingerprint: solanaSendFingerprint(input.transaction), sign: () => input.signTransaction(input.transaction) },
  )
  input.onSent?.(id)
  return { transaction: signed, signature: await confirmSolanaSignature(connection, id, input) }
}
