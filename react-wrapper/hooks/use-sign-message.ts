import type { SignMessageUiOptions } from '../../src/core/index.js'
import { useTesseraClient } from '../context.js'
import { useEmbeddedAction, type EmbeddedActionCallbacks } from './use-embedded-action.js'

export type UseSignMessageOptions = EmbeddedActionCallbacks<{ signature: string }>

export interface UseSignMessageResult {
  /** `personal_sign` with the embedded Ethereum wallet `address` (default the primary one); resolves with the 0x signature. */
  signMessage(input: { message: string }, options?: { address?: string; uiOptions?: SignMessageUiOptions }): Promise<{ signature: string } | undefined>
}

/** Message signing with an embedded Ethereum wallet (the reference SDK's `useSignMessage`); `uiOptions` per call. */
export function useSignMessage(callbacks: UseSignMessageOptions = {}): UseSignMessageResult {
  const client = useTesseraClient()
  const signMessage = useEmbeddedAction(
    (input: { message: string }, options: { address?: string; uiOptions?: SignMessageUiOptions } = {}) =>
      client.embeddedWallets.signMessage({ message: input.message, ...options }),
    callbacks,
  )
  return { signMessage }
}
