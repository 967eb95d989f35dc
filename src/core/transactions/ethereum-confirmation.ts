/**
 * The Ethereum transaction kind of the queue (funding spec, "States and transitions": "Ethereum transaction"): prepare (rows, balance, and
 * the scan when the app enables it), then on approval sign in the frame, send, and wait for the receipt; sign-only
 * requests complete with the signed transaction. A reverted receipt is 'Transaction failed' with its hash.
 */
import type { FrameTransactionRequest, ScanTransactionInput, ScanTransactionResponse } from '../../protocol/index.js'
import type { Chain } from '../chains/chain.js'
import { TesseraError } from '../errors/base-error.js'
import { roundUpReadable } from '../funding/amount.js'
import type { FundWalletInput } from '../funding/types.js'
import {
  transactionFailedError,
  transactionPreparationError,
  transactionSubmissionError,
  TRANSACTION_SCAN_FAILED_MESSAGE,
} from '../errors/transaction-errors.js'
import type { EthereumTransactionRequest } from '../wallets/embedded/types.js'
import type { ConfirmationController, ConfirmationEntry } from './confirmation-queue.js'
import { prepareEthereumConfirmation, type EthereumConfirmationContext } from './prepare-ethereum-confirmation.js'
import { prepareEthereumTransaction, type Hex, type PreparedEthereumTransaction } from './prepare-ethereum-transaction.js'
import { scanInput, toScanState } from './scan-state.js'
import { hashOfSigned, sendFingerprint, sendOnce, type SendLedger } from './send-once.js'
import type { EthereumReceipt, EthereumTransactionConfirmation, EthereumTransactionSummary, ScanState, TransactionUiOptions } from './types.js'

/** How often the receipt is asked for after the send. */
export const RECEIPT_POLL_MS = 1_000

export interface EthereumTransactionInput {
  context: EthereumConfirmationContext
  request: EthereumTransactionRequest
  /** The chain the request runs on (`context.chainFor(request)`). */
  chain: Chain
  signOnly: boolean
  uiOptions: TransactionUiOptions
  /** Signs in the wallet frame; answers the signed raw transaction. */
  sign(transaction: FrameTransactionRequest): Promise<Hex>
  /** A sponsored send (server-managed wallets): the wallet API sends it and the app pays; answers the hash. */
  sponsoredSend?(transaction: FrameTransactionRequest): Promise<Hex>
  /** The server's scan, when the app enables scanning; `domain` is the API's host. */
  scan?: { run(input: ScanTransactionInput): Promise<ScanTransactionResponse>; domain: string }
  receiptPollMs?: number
  /** A send with a key signs once and rebroadcasts those bytes on every retry (docs/security.md #60); `ledger` is the client's. */
  idempotency?: { key: string; ledger: SendLedger }
}

type Entry = ConfirmationEntry<EthereumTransactionConfirmation, Hex>

/** An Ethereum confirmation's fields before its preparation: nothing read, scanned, acknowledged or sent yet. */
export const unpreparedEthereumFields = () => ({ summary: null, scan: { status: 'uninitiated' as const }, acknowledgedRisk: false, receipt: null, hash: null })

/** One request's mutable part: what the last preparation made, and the request (a retry drops its nonce). */
interface Run {
  input: EthereumTransactionInput
  prepared: PreparedEthereumTransaction | null
  request: EthereumTransactionRequest
}

/** Signs `transaction` and sends it, once per idempotency key: a retry answers the first send's hash. */
function signAndSend(input: EthereumTransactionInput, transaction: FrameTransactionRequest): Promise<Hex> {
  const { context, chain, sponsoredSend, idempotency } = input
  // A sponsored send is sent by the wallet API: its "signed" result is already the hash, with nothing to broadcast.
  const sendWith = sponsoredSend
    ? { sign: sponsoredSend, broadcast: async () => undefined, idOf: (hash: Hex) => hash }
    : { sign: input.sign, broadcast: (signed: Hex) => context.rpc<Hex>('eth_sendRawTransaction', [signed], chain), idOf: hashOfSigned }
  if (!idempotency) return sendWith.sign(transaction).then(async (signed) => (await sendWith.broadcast(signed)) ?? sendWith.idOf(signed))
  return sendOnce(
    {
      ledger: idempotency.ledger,
      broadcast: sendWith.broadcast,
      idOf: sendWith.idOf,
      isKnown: async (hash) => (await context.rpc<unknown>('eth_getTransactionByHash', [hash], chain)) !== null,
    },
    {
      key: idempotency.key,
      fingerprint: sendFingerprint({ chainId: chain.id, from: context.address, request: input.request, sponsored: Boolean(sponsoredSend) }),
      sign: () => sendWith.sign(transaction),
    },
  ).then(({ id }) => id as Hex)
}

async function prepare(run: Run, entry: Entry) {
  const { context, scan } = run.input
  entry.update({ status: 'preparing', error: null, summary: null, receipt: null, hash: null, acknowledgedRisk: false, scan: { status: 'uninitiated' } })
  let prepared: PreparedEthereumTransaction
  try {
    const result = await prepareEthereumConfirmation(context, run.request, Boolean(run.input.sponsoredSend))
    prepared = run.prepared = result.prepared
    entry.update({ status: 'ready', summary: result.summary })
  } catch (error) {
    return entry.fail(TesseraError.is(error) ? error : transactionPreparationError(error))
  }
  if (!scan) return
  entry.update({ scan: { status: 'in-progress' } })
  const state = await scan.run(scanInput(context.address, prepared.transaction, scan.domain)).then(
    toScanState,
    (error: unknown): ScanState =>
      // The app's scanning is off on the server: no scan, rather than a failed one.
      TesseraError.is(error) && error.code === 'feature_not_enabled'
        ? { status: 'uninitiated' }
        : { status: 'failed', message: TRANSACTION_SCAN_FAILED_MESSAGE },
  )
  entry.update({ scan: state })
}

async function submit(run: Run, entry: Entry, prepared: FrameTransactionRequest) {
  const { input } = run
  const { context, chain } = input
  entry.update({ status: 'submitting' })
  let hash: Hex | null = null
  try {
    // Queued transactions were prepared together: each takes the wallet's next nonce when it is approved.
    const nonce =
      run.request.nonce !== undefined
        ? prepared.nonce
        : Math.max(prepared.nonce, Number(await context.rpc<Hex>('eth_getTransactionCount', [context.address, 'pending'], chain)))
    const transaction = { ...prepared, nonce }
    const { summary } = entry.current()
    if (summary && summary.request.nonce !== nonce) entry.update({ summary: { ...summary, request: { ...summary.request, nonce } } })
    if (input.signOnly) return entry.complete(await input.sign(transaction), {}, 'after-display')
    hash = await signAndSend(input, transaction)
    entry.update({ hash })
    const receipt = await waitForReceipt(input, hash)
    if (receipt.status === 'reverted') return entry.fail(transactionFailedError(hash), { receipt })
    entry.complete(hash, { receipt }, 'by-user')
  } catch (error) {
    entry.fail(TesseraError.is(error) ? error : transactionSubmissionError(error), { hash })
  }
}

async function waitForReceipt({ context, chain, receiptPollMs }: EthereumTransactionInput, hash: Hex): Promise<EthereumReceipt> {
  for (;;) {
    const receipt = await context.rpc<{ status: Hex; blockNumber: Hex; gasUsed: Hex } | null>('eth_getTransactionReceipt', [hash], chain)
    if (receipt) {
      return {
        hash,
        status: receipt.status === '0x1' ? 'success' : 'reverted',
        blockNumber: BigInt(receipt.blockNumber),
        gasUsed: BigInt(receipt.gasUsed),
        explorerUrl: chain.blockExplorerUrl ? `${chain.blockExplorerUrl.replace(/\/+$/, '')}/tx/${hash}` : null,
      }
    }
    await new Promise((resolve) => setTimeout(resolve, receiptPollMs ?? RECEIPT_POLL_MS))
  }
}

/** Resolves with the hash (after the receipt), or with the signed transaction in sign-only mode. */
export function ethereumTransactionConfirmation(input: EthereumTransactionInput): ConfirmationController<EthereumTransactionConfirmation, Hex> {
  const { context, chain } = input
  const run: Run = { input, prepared: null, request: input.request }
  return {
    async headless() {
      const { transaction } = await prepareEthereumTransaction(context, run.request)
      return input.signOnly ? input.sign(transaction) : signAndSend(input, transaction)
    },
    initialStatus: 'preparing',
    create: (entry) => ({
      kind: 'ethereum-transaction',
      address: context.address,
      chain,
      signOnly: input.signOnly,
      uiOptions: input.uiOptions,
      ...unpreparedEthereumFields(),
      approve() {
        const { summary, scan, acknowledgedRisk } = entry.current()
        if (!run.prepared || !summary || summary.insufficientFunds) return
        // A running scan may still find it malicious.
        if (scan.status === 'in-progress' || (scan.status === 'completed' && scan.verdict === 'Malicious' && !acknowledgedRisk)) return
        void submit(run, entry, run.prepared.transaction)
      },
      acknowledgeRisk: (value) => entry.update({ acknowledgedRisk: value }),
      retry() {
        if (entry.current()?.status !== 'error') return
        // The old nonce may have been used (or refused): the wallet's 'pending' count gives the next one.
        const { nonce: _used, ...rest } = run.request
        run.request = rest
        void prepare(run, entry)
      },
    }),
    start: (entry) => void prepare(run, entry),
    fundingRequest: (entry) => shortfallFunding(context.address, entry.current().summary),
    refresh: (entry) => void prepare(run, entry),
  }
}

/** 'Add funds': value plus the highest fee, over the balance, in the native currency of the transaction's chain. */
function shortfallFunding(address: string, summary: EthereumTransactionSummary | null): FundWalletInput | null {
  if (!summary?.insufficientFunds) return null
  return nativeShortfallFunding(address, summary, summary.request.value + (summary.estimatedFee?.value ?? 0n))
}

/** A funding request for what `needed` (in the native currency of the summary's chain) exceeds the balance by. */
export function nativeShortfallFunding(address: string, summary: EthereumTransactionSummary, needed: bigint): FundWalletInput {
  const shortfall = needed - summary.balance.value
  return {
    address,
    chainType: 'ethereum',
    chain: summary.request.chainId,
    asset: 'native-currency',
    amount: roundUpReadable(shortfall, summary.balance.decimals),
  }
}
