/**
 * The Solana provider of one embedded Solana wallet: the frame signs message bytes (ed25519); transactions are
 * signed over their message bytes and sent through the cluster's RPC, confirmed by polling signature statuses
 * (the local endpoint has no websockets). Loaded with the first Solana provider: @solana/web3.js comes with it.
 */
import { Connection, PublicKey, Transaction, VersionedTransaction } from '@solana/web3.js'
import type { SolanaFrameRequest } from '../../../protocol/index.js'
import { findSolanaCluster } from '../../chains/solana-clusters.js'
import type { SolanaCluster } from '../../config/types.js'
import { TesseraError } from '../../errors/base-error.js'
import { invalidMessageError } from '../../errors/embedded-wallet-errors.js'
import type { EmbeddedSolanaProvider, SolanaTransactionLike } from './types.js'

export interface EmbeddedSolanaProviderOptions {
  address: string
  /** The first one is the default cluster. */
  clusters: SolanaCluster[]
  /** Signs through the wallet frame; answers the base64 signature. */
  sign(request: SolanaFrameRequest): Promise<string>
  /** Test seams. */
  confirmPollMs?: number
  confirmTimeoutMs?: number
}

export function createEmbeddedSolanaProvider(options: EmbeddedSolanaProviderOptions): EmbeddedSolanaProvider {
  const { address } = options
  const publicKey = new PublicKey(address)

  async function signBytes(message: Uint8Array): Promise<Uint8Array> {
    if (!(message instanceof Uint8Array) || message.length === 0) throw invalidMessageError()
    return fromBase64(await options.sign({ method: 'signMessage', params: { message: toBase64(message), encoding: 'base64' } }))
  }

  /**
   * By shape, not `instanceof`: the host page's transaction may come from its own copy of @solana/web3.js (a script-tag
   * page always does), whose classes are not this bundle's.
   */
  async function signTransaction<T extends SolanaTransactionLike>(transaction: T): Promise<T> {
    if (isLegacyTransaction(transaction)) {
      if (transaction instanceof Transaction) transaction.feePayer ??= publicKey
      const message = transaction.serializeMessage()
      const slot = transaction.signatures.find((entry) => entry.publicKey.toBase58() === address)
      if (!slot) throw notASignerError()
      // web3.js copies the bytes into its own Buffer: no global Buffer is needed in the browser.
      transaction.addSignature(slot.publicKey, (await signBytes(message)) as Buffer)
      return transaction
    }
    if (isVersionedTransaction(transaction)) {
      const signers = transaction.message.staticAccountKeys.slice(0, transaction.message.header.numRequiredSignatures)
      const slot = signers.findIndex((key) => key.toBase58() === address)
      if (slot < 0) throw notASignerError()
      transaction.signatures[slot] = await signBytes(transaction.message.serialize())
      return transaction
    }
    throw new TesseraError({ code: 'unable_to_sign', shortMessage: 'Unsupported transaction type' })
  }

  async function signAndSendTransaction(transaction: SolanaTransactionLike, sendOptions?: { cluster?: string }): Promise<{ signature: string }> {
    const cluster = findSolanaCluster(options.clusters, sendOptions?.cluster)
    const connection = new Connection(cluster.rpcUrl, { commitment: 'confirmed' })
    if (isLegacyTransaction(transaction) && !transaction.recentBlockhash) {
      transaction.recentBlockhash = (await connection.getLatestBlockhash()).blockhash
    }
    const signed = await signTransaction(transaction)
    const signature = await connection.sendRawTransaction(signed.serialize())
    await confirm(connection, signature)
    return { signature }
  }

  async function confirm(connection: Connection, signature: string): Promise<void> {
    const deadline = Date.now() + (options.confirmTimeoutMs ?? 60_000)
    for (;;) {
      const [status] = (await connection.getSignatureStatuses([signature])).value
      if (status?.err) throw new TesseraError({ code: 'transaction_failure', shortMessage: 'Transaction failed', details: JSON.stringify(status.err) })
      if (status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized') return
      if (Date.now() > deadline) throw new TesseraError({ code: 'transaction_failure', shortMessage: 'Transaction was not confirmed in time' })
      await new Promise((resolve) => setTimeout(resolve, options.confirmPollMs ?? 500))
    }
  }

  return {
    address,
    signMessage: async (message) => ({ signature: await signBytes(message) }),
    signTransaction,
    signAndSendTransaction,
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

type LegacyTransactionShape = Pick<Transaction, 'serializeMessage' | 'addSignature' | 'recentBlockhash'> & { signatures: { publicKey: PublicKey }[] }
type VersionedTransactionShape = Pick<VersionedTransaction, 'message' | 'signatures'>

const isLegacyTransaction = (transaction: unknown): transaction is LegacyTransactionShape & SolanaTransactionLike =>
  typeof (transaction as Partial<Transaction>).serializeMessage === 'function' && typeof (transaction as Partial<Transaction>).addSignature === 'function'

const isVersionedTransaction = (transaction: unknown): transaction is VersionedTransactionShape & SolanaTransactionLike => {
  const message = (transaction as Partial<VersionedTransaction>).message
  return Array.isArray((transaction as Partial<VersionedTransaction>).signatures) && typeof message?.serialize === 'function' && Array.isArray(message.staticAccountKeys)
}

const notASignerError = () => new TesseraError({ code: 'unable_to_sign', shortMessage: 'The transaction does not need this wallet’s signature' })
