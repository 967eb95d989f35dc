import { isLegacyTransaction, isVersionedTransaction } from '../../../transactions/solana/transaction-shape.js'
import type { SolanaTransactionLike } from '../types.js'
import { fromBase64 } from './base64.js'
import { notASignerError, unsupportedTransactionError } from './errors.js'
import type { SolanaProviderRuntime } from './runtime.js'
import { signBytes } from './sign-bytes.js'

/** Signs in the wallet's signer slot, headless: the confirmations call this once the user approved. */
export async function signInFrame<T extends SolanaTransactionLike>(runtime: SolanaProviderRuntime, transaction: T): Promise<T> {
  const { address } = runtime.options
  if (isLegacyTransaction(transaction)) {
    const message = transaction.serializeMessage()
    const slot = transaction.signatures.find((entry) => entry.publicKey.toBase58() === address)
    if (!slot) throw notASignerError()
    // web3.js copies the bytes into its own Buffer: no global Buffer is needed in the browser.
    transaction.addSignature(slot.publicKey, fromBase64(await signBytes(runtime, message)) as Buffer)
    return transaction
  }
  if (isVersionedTransaction(transaction)) {
    const signers = transaction.message.staticAccountKeys.slice(0, transaction.message.header.numRequiredSignatures)
    const slot = signers.findIndex((key) => key.toBase58() === address)
    if (slot < 0) throw notASignerError()
    transaction.signatures[slot] = fromBase64(await signBytes(runtime, transaction.message.serialize()))
    return transaction
  }
  throw unsupportedTransactionError()
}
