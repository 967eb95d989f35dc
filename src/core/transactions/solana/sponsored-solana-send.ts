/**
 * A sponsored Solana send (server-managed wallets; the app pays the fee): the host signs nothing and sends nothing.
 * The transaction goes to the wallet frame as the app built it (the wallet as fee payer, without the wallet's
 * signature); the wallet API puts the app's fee payer in that place, signs, sends, and answers the signature, which the
 * host polls until the cluster confirms it. Under an idempotency key the wallet API is asked once: a retry with the key
 * answers the first send's signature, never a second transaction (docs/security.md #60).
 */
import { base64 } from '@scure/base'
import type { Connection } from '@solana/web3.js'
import type { SolanaFrameRequest } from '../../../protocol/index.js'
import type { SolanaCluster } from '../../config/types.js'
import type { SolanaTransactionLike } from '../../wallets/embedded/types.js'
import { sendOnce, type SendLedger } from '../send-once.js'
import { solanaSendFingerprint } from './send-solana-once.js'
import { confirmSolanaSignature, type ConfirmTiming } from './submit-solana-transaction.js'
import { isLegacyTransaction } from './transaction-shape.js'

export type SponsoredSolanaSendRequest = Extract<SolanaFrameRequest, { method: 'signAndSendTransaction' }>

/** The wire transaction, base64: a legacy one is serialized without requiring (or checking) its signatures. */
export function sponsoredSendRequest(transaction: SolanaTransactionLike, cluster: Pick<SolanaCluster, 'name'>): SponsoredSolanaSendRequest {
  const bytes = isLegacyTransaction(transaction) ? transaction.serialize({ requireAllSignatures: false, verifySignatures: false }) : transaction.serialize()
  return { method: 'signAndSendTransaction', params: { transaction: base64.encode(bytes), encoding: 'base64' }, caip2: `solana:${cluster.name}`, sponsor: true }
}

export interface SponsoredSolanaSendInput<T extends SolanaTransactionLike> extends ConfirmTiming {
  connection: Connection
  cluster: Pick<SolanaCluster, 'name'>
  /** With its blockhash set. */
  transaction: T
  /** The wallet frame's sponsored send; answers the sent transaction's base58 signature. */
  sponsoredSend(request: SponsoredSolanaSendRequest): Promise<string>
  idempotency?: { key: string; ledger: SendLedger }
  onSent?(signature: string): void
}

/** Sends through the wallet API and waits for the cluster; the outcome's transaction is the app's own object. */
export async function sendSponsoredSolana<T extends SolanaTransactionLike>(input: SponsoredSolanaSendInput<T>): Promise<{ transaction: T; signature: string }> {
  const send = () => input.sponsoredSend(sponsoredSendRequest(input.transaction, input.cluster))
  const signature = input.idempotency ? await sendOnceByKey(input.idempotency, input.transaction, send) : await send()
  input.onSent?.(signature)
  // The transaction the server signed carries the app's fee payer: the app's object stays as it was given.
  return { transaction: input.transaction, signature: await confirmSolanaSignature(input.connection, signature, input) }
}

/** The wallet API's send stands in for the signing: nothing is left to broadcast, and the ledger keeps its signature. */
async function sendOnceByKey(
  idempotency: { key: string; ledger: SendLedger },
  transaction: SolanaTransactionLike,
  send: () => Promise<string>,
): Promise<string> {
  const { id } = await sendOnce<string>(
    // `isKnown` is asked only after a failed broadcast, and there is none.
    { ledger: idempotency.ledger, broadcast: async () => undefined, idOf: (signature) => signature, isKnown: async () => true },
    // Not the same send as an unsponsored one of the same message: the key's ledger entry holds a signature, not signed bytes.
    { key: idempotency.key, fingerprint: `sponsored-${solanaSendFingerprint(transaction)}`, sign: send },
  )
  return id
}
