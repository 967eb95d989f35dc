import type { SignMessageUiOptions } from '../../src/core/index.js'
import { useTesseraClient } from '../context.js'
import { useEmbeddedAction, type EmbeddedActionCallbacks } from '../hooks/use-embedded-action.js'

export type UseSolanaSignMessageOptions = EmbeddedActionCallbacks<Uint8Array>

export interface UseSolanaSignMessageResult {
  /** Signs the message bytes with the embedded Solana wallet `address` (default the primary one); resolves with the signature. */
  signMessage(input: { message: Uint8Array; options?: { address?: string; uiOptions?: SignMessageUiOptions } }): Promise<Uint8Array | undefined>
}

/** Message signing with an embedded Solana wallet (the reference SDK's `useSignMessage` of its `solana` entry). */
export function useSignMessage(callbacks: UseSolanaSignMessageOptions = {}): UseSolanaSignMessageResult {
  const client = useTesseraClient()
  const signMessage = useEmbeddedAction(async ({ message, options = {} }: Parameters<UseSolanaSignMessageResult['signMessage']>[0]) => {
    const provider = await client.embeddedWallets.getSolanaProvider(options.address)
    return (await provider.signMessage(message, options.uiOptions && { uiOptions: options.uiOptions })).signature
  }, callbacks)
  return { signMessage }
}
