/**
 * A Solana wallet of the user (embedded or connected) in wallet-standard's byte-level shape (the reference SDK's
 * `ConnectedStandardSolanaWallet`): messages and transactions go in and out as bytes, and a chain
 * (`solana:mainnet`, `solana:devnet`, ...) picks the cluster. Transaction bytes become @solana/web3.js transactions
 * for the wallet's own signing (loaded with the first transaction), so the wallet's confirmation screens still apply.
 */
import { decodeBase58 } from '../../../protocol/base58.js'
import { TesseraError } from '../../errors/base-error.js'
import { sponsorshipNotSupportedError } from '../../errors/transaction-errors.js'
import type { SolanaSignMessageOptions, SolanaTransactionLike, SolanaTransactionOptions } from '../embedded/types.js'

/** What both an embedded wallet's Solana provider and a connected Solana wallet offer. */
export interface SolanaSigner {
  readonly address: string
  signMessage(message: Uint8Array, options?: SolanaSignMessageOptions): Promise<{ signature: Uint8Array }>
  signTransaction<T extends SolanaTransactionLike>(transaction: T, options?: SolanaTransactionOptions): Promise<T>
  signAndSendTransaction(transaction: SolanaTransactionLike, options?: SolanaTransactionOptions): Promise<{ signature: string }>
}

export interface StandardSolanaTransactionInput {
  transaction: Uint8Array
  /** A wallet-standard chain (`solana:devnet`): its cluster signs and sends; default the app's first cluster. */
  chain?: string
  /**
   * `sponsor` (the reference SDK's `options.sponsor`): `signAndSendTransaction` of a server-managed embedded wallet
   * only, the app paying the fee; anything else is refused 'not_supported'.
   */
  options?: { uiOptions?: SolanaTransactionOptions['uiOptions']; sponsor?: boolean }
}

export interface ConnectedStandardSolanaWallet {
  address: string
  standardWallet: { name: string; icon: string | null }
  signMessage(input: { message: Uint8Array; options?: { uiOptions?: SolanaSignMessageOptions['uiOptions'] } }): Promise<{ signature: Uint8Array }>
  signTransaction(input: StandardSolanaTransactionInput): Promise<{ signedTransaction: Uint8Array }>
  signAndSendTransaction(input: StandardSolanaTransactionInput): Promise<{ signature: Uint8Array }>
}

const invalidTransactionBytesError = () =>
  new TesseraError({ code: 'invalid_data', shortMessage: 'Invalid transaction', details: 'Expected the bytes of a serialized Solana transaction' })

async function transactionOf(bytes: Uint8Array) {
  if (!(bytes instanceof Uint8Array) || bytes.length === 0) throw invalidTransactionBytesError()
  const { VersionedTransaction } = await import('@solana/web3.js')
  try {
    return VersionedTransaction.deserialize(bytes)
  } catch {
    throw invalidTransactionBytesError()
  }
}

const optionsOf = ({ chain, options }: StandardSolanaTransactionInput): SolanaTransactionOptions => ({
  ...(chain && { cluster: chain }),
  ...(options?.uiOptions && { uiOptions: options.uiOptions }),
  ...(options?.sponsor && { sponsor: true }),
})

/** `signer()` resolves the wallet's signer at call time (an embedded wallet's provider loads on first use). */
export function connectedStandardSolanaWallet(
  address: string,
  meta: { name: string; icon: string | null },
  signer: () => Promise<SolanaSigner>,
): ConnectedStandardSolanaWallet {
  return {
    address,
    standardWallet: meta,
    signMessage: async ({ message, options }) => (await signer()).signMessage(message, options?.uiOptions && { uiOptions: options.uiOptions }),
    async signTransaction(input) {
      // Only sends are sponsored (whatever the wallet: a connected one would not even see the option).
      if (input.options?.sponsor) throw sponsorshipNotSupportedError()
      const signed = await (await signer()).signTransaction(await transactionOf(input.transaction), optionsOf(input))
      return { signedTransaction: signed.serialize() }
    },
    async signAndSendTransaction(input) {
      const { signature } = await (await signer()).signAndSendTransaction(await transactionOf(input.transaction), optionsOf(input))
      const bytes = decodeBase58(signature)
      if (!bytes)
        throw new TesseraError({
          code: 'transaction_failure',
          shortMessage: 'Transaction failed',
          details: 'The wallet answered a signature that is not base58',
        })
      return { signature: bytes }
    },
  }
}
