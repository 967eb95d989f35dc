/**
 * The Solana transaction kind of the confirmation queue (funding spec, "States and transitions": "Solana transaction": prepare, confirm, then
 * receipt, or error with retry): the summary first; on approval the wallet signs in the frame, then the transaction
 * is sent and confirmed (or, sign-only, it completes signed); a sponsored one is sent by the wallet API, the app paying
 * the fee; `retry()` puts a fresh blockhash on it and submits again.
 */
import type { Connection } from '@solana/web3.js'
import { TesseraError } from '../../errors/base-error.js'
import { roundUpReadable } from '../../funding/amount.js'
import type { FundWalletInput } from '../../funding/types.js'
import { transactionPreparationError, transactionSubmissionError } from '../../errors/transaction-errors.js'
import type { SolanaTransactionLike } from '../../wallets/embedded/types.js'
import type { ConfirmationController, ConfirmationEntry } from '../confirmation-queue.js'
import type { SolanaTransactionConfirmation, SolanaTransactionSummary, TransactionUiOptions } from '../types.js'
import { lamportsOut, prepareSolanaConfirmation, type SolanaPreparationContext } from './prepare-solana-confirmation.js'
import { SOL_DECIMALS } from './lamports-amount.js'
import { solanaExplorerUrl, submitSolanaTransaction, type ConfirmTiming } from './submit-solana-transaction.js'
import { messageOf, recentBlockhashOf, setRecentBlockhash } from './transaction-shape.js'
import type { SendLedger } from '../send-once.js'
import { sendSolanaOnce } from './send-solana-once.js'
import { sendSponsoredSolana, type SponsoredSolanaSendRequest } from './sponsored-solana-send.js'

export interface SolanaTransactionInput<T extends SolanaTransactionLike> extends SolanaPreparationContext, ConfirmTiming {
  transaction: T
  signOnly: boolean
  uiOptions: TransactionUiOptions
  /** The provider's signing through the wallet frame. */
  signTransaction(transaction: T): Promise<T>
  /** A send with a key is signed once and those bytes are sent on every retry (docs/security.md #60); `ledger` is the client's. */
  idempotency?: { key: string; ledger: SendLedger }
  /** A sponsored send (server-managed wallets): the wallet frame asks the wallet API to send it; answers the signature. */
  sponsoredSend?(request: SponsoredSolanaSendRequest): Promise<string>
}

/** What the app's call gets: the signed transaction, and its signature once sent (null when only signed). */
export interface SolanaTransactionOutcome<T> {
  transaction: T
  signature: string | null
}

type Entry<T> = ConfirmationEntry<SolanaTransactionConfirmation, SolanaTransactionOutcome<T>>

export function solanaTransactionConfirmation<T extends SolanaTransactionLike>(
  input: SolanaTransactionInput<T>,
): ConfirmationController<SolanaTransactionConfirmation, SolanaTransactionOutcome<T>> {
  const { transaction, connection } = input
  // Only sends are sponsored; the provider refuses a sponsored sign-only request before it gets here.
  const sponsoredSend = input.signOnly ? undefined : input.sponsoredSend
  const receiptOf = (signature: string) => ({ signature, explorerUrl: solanaExplorerUrl(input.cluster.blockExplorerUrl, signature) })

  async function prepare(entry: Entry<T>) {
    entry.update({ status: 'preparing', summary: null, receipt: null, signature: null })
    try {
      await ensureBlockhash(transaction, connection)
      entry.update({ status: 'ready', summary: await prepareSolanaConfirmation(input, messageOf(transaction), Boolean(sponsoredSend)) })
    } catch (error) {
      entry.fail(TesseraError.is(error) ? error : transactionPreparationError(error))
    }
  }

  async function submit(entry: Entry<T>) {
    entry.update({ status: 'submitting', error: null, signature: null })
    if (sponsoredSend) return submitWith(entry, (onSent) => sendSponsoredSolana({ ...input, sponsoredSend, onSent }))
    const { idempotency } = input
    if (idempotency && !input.signOnly) return submitWith(entry, (onSent) => sendSolanaOnce({ ...input, idempotency, onSent }))
    let signed: T
    try {
      signed = await input.signTransaction(transaction)
    } catch (error) {
      return entry.fail(failedToSignError(error))
    }
    if (input.signOnly) return entry.complete({ transaction: signed, signature: null }, {}, 'after-display')
    try {
      const signature = await submitSolanaTransaction(connection, signed.serialize(), input, (sent) => entry.update({ signature: sent }))
      entry.complete({ transaction: signed, signature }, { receipt: receiptOf(signature) }, 'by-user')
    } catch (error) {
      entry.fail(TesseraError.is(error) ? error : transactionSubmissionError(error))
    }
  }

  /** A send that signs and sends in one step (once per key, or sponsored); `onSent` puts the signature on the entry. */
  async function submitWith(entry: Entry<T>, send: (onSent: (signature: string) => void) => Promise<{ transaction: T; signature: string }>) {
    try {
      const sent = await send((signature) => entry.update({ signature }))
      entry.complete(sent, { receipt: receiptOf(sent.signature) }, 'by-user')
    } catch (error) {
      entry.fail(TesseraError.is(error) ? error : transactionSubmissionError(error))
    }
  }

  return {
    headless: () => runHeadless(input, sponsoredSend),
    initialStatus: 'preparing',
    create: (entry) => ({
      ...unpreparedFields(input),
      approve() {
        const { summary } = entry.current()
        if (!summary) return
        if (summary.insufficientFunds) return entry.update({ error: insufficientFundsError() })
        void submit(entry)
      },
      retry() {
        const current = entry.current()
        if (current?.status !== 'error') return
        // A failed preparation is prepared again; a failed submission gets a fresh blockhash (the old one may have expired).
        if (!current.summary) return void prepare(entry)
        void connection.getLatestBlockhash().then(
          ({ blockhash }) => {
            setRecentBlockhash(transaction, blockhash)
            return submit(entry)
          },
          (error: unknown) => entry.fail(transactionPreparationError(error)),
        )
      },
    }),
    start: (entry) => void prepare(entry),
    fundingRequest: (entry) => shortfallFunding(input, entry.current().summary),
    refresh: (entry) => void prepare(entry),
  }
}

/** A new confirmation's fields: nothing read, signed or sent yet. */
const unpreparedFields = (input: SolanaTransactionInput<SolanaTransactionLike>) => ({
  kind: 'solana-transaction' as const,
  address: input.address,
  cluster: { name: input.cluster.name, rpcUrl: input.cluster.rpcUrl },
  signOnly: input.signOnly,
  uiOptions: input.uiOptions,
  summary: null,
  receipt: null,
  signature: null,
})

/** Without a UI, the same steps at once: sent by the wallet API when sponsored, else signed in the frame and sent here. */
async function runHeadless<T extends SolanaTransactionLike>(
  input: SolanaTransactionInput<T>,
  sponsoredSend: SolanaTransactionInput<T>['sponsoredSend'],
): Promise<SolanaTransactionOutcome<T>> {
  const { transaction, connection } = input
  await ensureBlockhash(transaction, connection)
  if (sponsoredSend) return sendSponsoredSolana({ ...input, sponsoredSend })
  if (input.idempotency && !input.signOnly) return sendSolanaOnce({ ...input, idempotency: input.idempotency })
  const signed = await input.signTransaction(transaction)
  return { transaction: signed, signature: input.signOnly ? null : await submitSolanaTransaction(connection, signed.serialize(), input) }
}

/** 'Add funds': the lamports the wallet sends or funds, plus the fee unless sponsored, over its balance, on the confirmation's cluster. */
function shortfallFunding(input: Pick<SolanaPreparationContext, 'address' | 'cluster'>, summary: SolanaTransactionSummary | null): FundWalletInput | null {
  if (!summary?.insufficientFunds) return null
  const shortfall = lamportsOut(summary.instructions, input.address) + (summary.sponsored ? 0n : summary.estimatedFee.value) - summary.balance.value
  return {
    address: input.address,
    chainType: 'solana',
    cluster: { name: input.cluster.name },
    asset: 'native-currency',
    amount: roundUpReadable(shortfall, SOL_DECIMALS),
  }
}

/** A legacy transaction may come without a blockhash: the cluster's latest one goes on it. */
async function ensureBlockhash(transaction: SolanaTransactionLike, connection: Connection): Promise<void> {
  if (!recentBlockhashOf(transaction)) setRecentBlockhash(transaction, (await connection.getLatestBlockhash()).blockhash)
}

export const insufficientFundsError = () =>
  new TesseraError({ code: 'insufficient_balance', shortMessage: 'Solana wallet has insufficient funds for this transaction.' })

const failedToSignError = (cause: unknown) => new TesseraError({ code: 'unable_to_sign', shortMessage: 'Failed to sign transaction', cause })
