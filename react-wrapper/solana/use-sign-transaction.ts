import type { SolanaTransactionLike } from '../../src/core/index.js'
import { useTesseraClient } from '../context.js'
import { useEmbeddedAction, type EmbeddedActionCallbacks } from '../hooks/use-embedded-action.js'
import { transactionOptionsOf, type SolanaTransactionInput } from './solana-transaction-input.js'

export interface UseSolanaSignTransactionResult {
  /** Signs with the embedded Solana wallet, without sending; with wallet UIs on, after the user approves. */
  signTransaction<T extends SolanaTransactionLike>(input: SolanaTransactionInput<T>): Promise<T | undefined>
}

/** Transaction signing with an embedded Solana wallet (the reference SDK's `useSignTransaction` of its `solana` entry). */
export function useSignTransaction(callbacks: EmbeddedActionCallbacks<SolanaTransactionLike> = {}): UseSolanaSignTransactionResult {
  const client = useTesseraClient()
  const signTransaction = useEmbeddedAction(async (input: SolanaTransactionInput) => {
    const provider = await client.embeddedWallets.getSolanaProvider(input.address)
    return provider.signTransaction(input.transaction, transactionOptionsOf(input))
  }, callbacks)
  return { signTransaction: signTransaction as UseSolanaSignTransactionResult['signTransaction'] }
}
