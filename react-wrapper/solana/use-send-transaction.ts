import { useTesseraClient } from '../context.js'
import { useEmbeddedAction, type EmbeddedActionCallbacks } from '../hooks/use-embedded-action.js'
import { transactionOptionsOf, type SolanaSendTransactionInput } from './solana-transaction-input.js'

export interface UseSolanaSendTransactionResult {
  /**
   * Signs with the embedded Solana wallet and sends on the cluster; resolves with the base58 signature once confirmed.
   * `sponsor: true`: the wallet API sends it and the app pays the fee (server-managed wallets only).
   */
  sendTransaction(input: SolanaSendTransactionInput): Promise<{ signature: string } | undefined>
}

/** Sending with an embedded Solana wallet (the reference SDK's `useSendTransaction` of its `solana` entry). */
export function useSendTransaction(callbacks: EmbeddedActionCallbacks<{ signature: string }> = {}): UseSolanaSendTransactionResult {
  const client = useTesseraClient()
  const sendTransaction = useEmbeddedAction(async (input: SolanaSendTransactionInput) => {
    const provider = await client.embeddedWallets.getSolanaProvider(input.address)
    return provider.signAndSendTransaction(input.transaction, transactionOptionsOf(input))
  }, callbacks)
  return { sendTransaction }
}
