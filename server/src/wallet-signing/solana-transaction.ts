import { ed25519 } from '@noble/curves/ed25519'
import {
  getAddressDecoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  getTransactionEncoder,
  type SignatureBytes,
  type Transaction,
} from '@solana/kit'
import { invalidData } from '../http/api-error.js'

export const transactionRefused = (why: string) => invalidData(`Invalid request body: params.transaction: ${why}`)

type CompiledMessage = ReturnType<ReturnType<typeof getCompiledTransactionMessageDecoder>['decode']>

/** A wire transaction read by @solana/kit: its signatures by signer (in the message's order) and its compiled message. */
export interface DecodedSolanaTransaction {
  transaction: Transaction
  message: Extract<CompiledMessage, { version: 'legacy' | 0 }>
}

/** Decodes a base64 wire transaction, legacy or v0; anything else is refused with `invalid_data`. */
export function decodeSolanaTransaction(wire: string): DecodedSolanaTransaction {
  const bytes = Buffer.from(wire, 'base64')
  if (bytes.toString('base64') !== wire) throw transactionRefused('must be base64')
  let decoded: { transaction: Transaction; message: CompiledMessage }
  try {
    const transaction = getTransactionDecoder().decode(bytes)
    decoded = { transaction, message: getCompiledTransactionMessageDecoder().decode(transaction.messageBytes) }
  } catch {
    throw transactionRefused('not a Solana transaction')
  }
  const { transaction, message } = decoded
  if (message.version !== 'legacy' && message.version !== 0) throw transactionRefused('unsupported transaction version')
  return { transaction, message }
}

/**
 * Signs a base64 wire transaction (legacy or v0) with an ed25519 seed in the slot of the key's public key among the
 * transaction's signers; other signers' slots stay as they came. A transaction that does not list the key is refused.
 */
export function signSolanaTransaction(seed: Uint8Array, wire: string): string {
  const { transaction } = decodeSolanaTransaction(wire)
  const signer = getAddressDecoder().decode(ed25519.getPublicKey(seed))
  if (!(signer in transaction.signatures)) throw transactionRefused('this wallet is not one of its signers')
  const signature = ed25519.sign(new Uint8Array(transaction.messageBytes), seed) as SignatureBytes
  const signed: Transaction = { ...transaction, signatures: { ...transaction.signatures, [signer]: signature } }
  return Buffer.from(getTransactionEncoder().encode(signed)).toString('base64')
}
