/**
 * The Solana provider of one embedded Solana wallet: the frame signs message bytes (ed25519); transactions are
 * signed over their message bytes and sent through the cluster's RPC, confirmed by polling signature statuses
 * (the local endpoint has no websockets). A sponsored send (server-managed wallets) goes to the wallet API unsigned
 * instead, the app paying the fee. With wallet UIs on, each request waits in the confirmation queue for the user
 * (funding spec, "Screens and routes" to "Validation rules"). Loaded with the first Solana provider: @solana/web3.js comes with it.
 */
import { Connection, PublicKey, Transaction } from '@solana/web3.js'
import type { SolanaFrameRequest, SplTokenInfoResponse } from '../../../protocol/index.js'
import { findSolanaCluster } from '../../chains/solana-clusters.js'
import type { SolanaCluster } from '../../config/types.js'
import { TesseraError } from '../../errors/base-error.js'
import { invalidMessageError } from '../../errors/embedded-wallet-errors.js'
import { sponsorshipNotSupportedError, transactionRejectedError } from '../../errors/transaction-errors.js'
import type { ConfirmationController, ConfirmationPresentation, ConfirmationQueue } from '../../transactions/confirmation-queue.js'
import type { Confirmation } from '../../transactions/types.js'
import { messageText, signMessageConfirmation } from '../../transactions/sign-message-confirmation.js'
import { solanaTransactionConfirmation, type SolanaTransactionOutcome } from '../../transactions/solana/solana-transaction-confirmation.js'
import { createSendLedger, type SendLedger } from '../../transactions/send-once.js'
import { containsAccount, isLegacyTransaction, isVersionedTransaction } from '../../transactions/solana/transaction-shape.js'
import type { SplTokenInfoLookup } from '../../transactions/solana/decode-instructions.js'
import { walletNotInTransactionError } from '../wallet-action-errors.js'
import { ProviderRpcError } from './provider-rpc-error.js'
import type { EmbeddedSolanaProvider, SolanaSignMessageOptions, SolanaTransactionLike, SolanaTransactionOptions } from './types.js'

export interface EmbeddedSolanaProviderOptions {
  address: string
  /** The first one is the default cluster. */
  clusters: SolanaCluster[]
  /** Signs through the wallet frame; answers the base64 signature (the base58 one of a sponsored send). */
  sign(request: SolanaFrameRequest): Promise<string>
  /** The wallet API holds the wallet (server-managed, privy-v2): only such a wallet's sends may be sponsored. */
  serverManaged?: boolean
  /** The client's confirmation queue; absent, every request runs headless. */
  confirmations?: ConfirmationQueue
  /** Makes the wallet usable on this device (recovering it when the device share is missing). */
  connect?(): Promise<void>
  /** `GET /api/v1/token_price` (the SOL price: chainId 0), for the confirmation's USD values. */
  tokenPriceUsd?(chainId: number, symbol: string): Promise<number | null>
  /** `GET /api/v1/spl_token_info`, for the confirmation's token symbols. */
  splTokenInfo?(mintAddress: string, cluster: string): Promise<SplTokenInfoResponse>
  /** The client's idempotency keys of sends (shared by its providers); absent: this provider keeps its own. */
  sends?: SendLedger
  /** Test seams. */
  confirmPollMs?: number
  confirmTimeoutMs?: number
}

export function createEmbeddedSolanaProvider(options: EmbeddedSolanaProviderOptions): EmbeddedSolanaProvider {
  const { address, confirmations } = options
  const publicKey = new PublicKey(address)
  const sends = options.sends ?? createSendLedger()

  /** The gate: the queue decides between the user's approval and a headless run. */
  async function confirmed<C extends Confirmation, R>(controller: ConfirmationController<C, R>, presentation: ConfirmationPresentation): Promise<R> {
    if (!confirmations) return controller.headless()
    // Recovery (the password, the cloud's consent) comes first: the user then confirms what the usable wallet signs.
    return confirmations.enqueue(controller, { ...presentation, ready: options.connect })
  }

  async function signBytes(message: Uint8Array): Promise<string> {
    return options.sign({ method: 'signMessage', params: { message: toBase64(message), encoding: 'base64' } })
  }

  async function signMessage(message: Uint8Array | string, signOptions: SolanaSignMessageOptions = {}): Promise<{ signature: Uint8Array }> {
    const bytes = typeof message === 'string' ? new TextEncoder().encode(message) : message
    if (!(bytes instanceof Uint8Array) || bytes.length === 0) throw invalidMessageError()
    const uiOptions = signOptions.uiOptions ?? {}
    const controller = signMessageConfirmation({
      address, chainType: 'solana', method: 'signMessage', message: typeof message === 'string' ? message : messageText(toHex(bytes)), uiOptions, sign: () => signBytes(bytes),
    })
    const signature = await confirmed(controller, { showWalletUIs: uiOptions.showWalletUIs, options: signOptions.confirmation })
    return { signature: fromBase64(signature) }
  }

  /** Signs in the wallet's signer slot, headless: the confirmations call this once the user approved. */
  async function signInFrame<T extends SolanaTransactionLike>(transaction: T): Promise<T> {
    if (isLegacyTransaction(transaction)) {
      const message = transaction.serializeMessage()
      const slot = transaction.signatures.find((entry) => entry.publicKey.toBase58() === address)
      if (!slot) throw notASignerError()
      // web3.js copies the bytes into its own Buffer: no global Buffer is needed in the browser.
      transaction.addSignature(slot.publicKey, fromBase64(await signBytes(message)) as Buffer)
      return transaction
    }
    if (isVersionedTransaction(transaction)) {
      const signers = transaction.message.staticAccountKeys.slice(0, transaction.message.header.numRequiredSignatures)
      const slot = signers.findIndex((key) => key.toBase58() === address)
      if (slot < 0) throw notASignerError()
      transaction.signatures[slot] = fromBase64(await signBytes(transaction.message.serialize()))
      return transaction
    }
    throw unsupportedTransactionError()
  }

  async function confirmTransaction<T extends SolanaTransactionLike>(transaction: T, signOnly: boolean, transactionOptions: SolanaTransactionOptions): Promise<SolanaTransactionOutcome<T>> {
    // Wallet spec: only server-managed (TEE) wallets are sponsored, and only their sends (the wallet API sends them).
    if (transactionOptions.sponsor && (signOnly || !options.serverManaged)) throw sponsorshipNotSupportedError()
    if (!isLegacyTransaction(transaction) && !isVersionedTransaction(transaction)) throw unsupportedTransactionError()
    if (transaction instanceof Transaction) transaction.feePayer ??= publicKey
    if (!containsAccount(transaction, address)) throw walletNotInTransactionError(address)
    const cluster = findSolanaCluster(options.clusters, transactionOptions.cluster)
    const uiOptions = transactionOptions.uiOptions ?? {}
    const controller = solanaTransactionConfirmation({
      transaction, signOnly, uiOptions, address, cluster,
      connection: new Connection(cluster.rpcUrl, { commitment: 'confirmed' }),
      signTransaction: signInFrame,
      splTokenInfo: splTokenInfoLookup(cluster),
      solUsd,
      confirmPollMs: options.confirmPollMs,
      confirmTimeoutMs: options.confirmTimeoutMs,
      ...(transactionOptions.idempotencyKey && !signOnly && { idempotency: { key: transactionOptions.idempotencyKey, ledger: sends } }),
      ...(transactionOptions.sponsor && { sponsoredSend: options.sign }),
    })
    return confirmed(controller, { showWalletUIs: uiOptions.showWalletUIs, options: transactionOptions.confirmation }).catch((error: unknown) => {
      throw error instanceof ProviderRpcError && error.code === 4001 ? transactionRejectedError(error) : error
    })
  }

  /** Funding spec, "The error catalogue": price and token lookups are logged and swallowed; the symbol then falls back to the shortened mint. */
  const splTokenInfoLookup = (cluster: SolanaCluster): SplTokenInfoLookup => async (mint) => {
    if (!options.splTokenInfo) return null
    return options.splTokenInfo(mint, cluster.name).catch((error: unknown) => {
      console.warn(`[tessera] Unable to fetch token details of ${mint}`, error)
      return null
    })
  }
  async function solUsd(): Promise<number | null> {
    if (!options.tokenPriceUsd) return null
    return options.tokenPriceUsd(0, 'SOL').catch((error: unknown) => {
      console.warn('[tessera] Unable to fetch SOL price', error)
      return null
    })
  }

  return {
    address,
    signMessage,
    signTransaction: async (transaction, transactionOptions = {}) => (await confirmTransaction(transaction, true, transactionOptions)).transaction,
    signAndSendTransaction: async (transaction, transactionOptions = {}) => ({ signature: (await confirmTransaction(transaction, false, transactionOptions)).signature! }),
  }
}

function toBase64(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary)
}

function fromBase64(text: string): Uint8Array {
  return Uint8Array.from(atob(text), (char) => char.charCodeAt(0))
}

const toHex = (bytes: Uint8Array): `0x${string}` => `0x${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`

const unsupportedTransactionError = () => new TesseraError({ code: 'unable_to_sign', shortMessage: 'Unsupported transaction type' })

const notASignerError = () => new TesseraError({ code: 'unable_to_sign', shortMessage: 'The transaction does not need this wallet’s signature' })
