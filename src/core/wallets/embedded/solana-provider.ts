/**
 * The Solana provider of one embedded Solana wallet: the frame signs message bytes (ed25519); transactions are
 * signed over their message bytes and sent through the cluster's RPC, confirmed by polling signature statuses
 * (the local endpoint has no websockets). A sponsored send (server-managed wallets) goes to the wallet API unsigned
 * instead, the app paying the fee. With wallet UIs on, each request waits in the confirmation queue for the user
 * (funding spec, "Screens and routes" to "Validation rules"). Loaded with the first Solana provider: @solana/web3.js comes with it.
 * The methods are in ./solana-provider, one action per file over the shared runtime (./solana-provider/runtime.ts).
 */
import { confirmTransaction } from './solana-provider/confirm-transaction.js'
import { createSolanaProviderRuntime } from './solana-provider/runtime.js'
import { signMessage } from './solana-provider/sign-message.js'
import type { EmbeddedSolanaProviderOptions } from './solana-provider/types.js'
import type { EmbeddedSolanaProvider } from './types.js'

export type { EmbeddedSolanaProviderOptions } from './solana-provider/types.js'

export function createEmbeddedSolanaProvider(options: EmbeddedSolanaProviderOptions): EmbeddedSolanaProvider {
  const runtime = createSolanaProviderRuntime(options)
  return {
    address: options.address,
    signMessage: (message, signOptions) => signMessage(runtime, message, signOptions),
    signTransaction: async (transaction, transactionOptions = {}) => (await confirmTransaction(runtime, transaction, true, transactionOptions)).transaction,
    signAndSendTransaction: async (transaction, transactionOptions = {}) => ({
      signature: (await confirmTransaction(runtime, transaction, false, transactionOptions)).signature!,
    }),
  }
}
