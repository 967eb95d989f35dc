import type { EthereumTransactionRequest, TransactionUiOptions } from '../../src/core/index.js'
import { useTesseraClient } from '../context.js'
import { useEmbeddedAction, type EmbeddedActionCallbacks } from './use-embedded-action.js'

export type UseSendTransactionOptions = EmbeddedActionCallbacks<{ hash: string }>

export interface UseSendTransactionResult {
  /** `eth_sendTransaction` on the wallet's current chain (gas rules of the sign-in spec, "Business constants and limits"); resolves with the transaction hash. */
  sendTransaction(
    transaction: EthereumTransactionRequest,
    options?: { address?: string; uiOptions?: TransactionUiOptions; sponsor?: boolean },
  ): Promise<{ hash: string } | undefined>
}

/**
 * Sending with an embedded Ethereum wallet (the reference SDK's `useSendTransaction`): with wallet UIs on, the user
 * approves it in the confirmation (`uiOptions` per call) and the hash comes after the receipt.
 */
export function useSendTransaction(callbacks: UseSendTransactionOptions = {}): UseSendTransactionResult {
  const client = useTesseraClient()
  const sendTransaction = useEmbeddedAction(
    (transaction: EthereumTransactionRequest, options: { address?: string; uiOptions?: TransactionUiOptions; sponsor?: boolean } = {}) =>
      client.embeddedWallets.sendTransaction({ transaction, ...options }),
    callbacks,
  )
  return { sendTransaction }
}
