import type { EthereumTransactionRequest, TransactionUiOptions } from '../../src/core/index.js'
import { useTesseraClient } from '../context.js'
import { useEmbeddedAction, type EmbeddedActionCallbacks } from './use-embedded-action.js'

export type UseSignTransactionOptions = EmbeddedActionCallbacks<{ signature: string }>

export interface UseSignTransactionResult {
  /** `eth_signTransaction`: fills what is missing from the chain and resolves with the signed, serialised transaction. */
  signTransaction(
    transaction: EthereumTransactionRequest,
    options?: { address?: string; uiOptions?: TransactionUiOptions },
  ): Promise<{ signature: string } | undefined>
}

/** Transaction signing with an embedded Ethereum wallet (the reference SDK's `useSignTransaction`); `uiOptions` per call. */
export function useSignTransaction(callbacks: UseSignTransactionOptions = {}): UseSignTransactionResult {
  const client = useTesseraClient()
  const signTransaction = useEmbeddedAction(
    (transaction: EthereumTransactionRequest, options: { address?: string; uiOptions?: TransactionUiOptions } = {}) =>
      client.embeddedWallets.signTransaction({ transaction, ...options }),
    callbacks,
  )
  return { signTransaction }
}
