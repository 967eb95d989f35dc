import type { SignMessageUiOptions } from '../../src/core/index.js'
import { useTesseraClient } from '../context.js'
import { useEmbeddedAction, type EmbeddedActionCallbacks } from './use-embedded-action.js'

export type UseSignTypedDataOptions = EmbeddedActionCallbacks<{ signature: string }>

export interface UseSignTypedDataResult {
  /** `eth_signTypedData_v4` (EIP-712 domain, types, primaryType, message) with the embedded Ethereum wallet `address`. */
  signTypedData(typedData: unknown, options?: { address?: string; uiOptions?: SignMessageUiOptions }): Promise<{ signature: string } | undefined>
}

/** EIP-712 signing with an embedded Ethereum wallet (the reference SDK's `useSignTypedData`); `uiOptions` per call. */
export function useSignTypedData(callbacks: UseSignTypedDataOptions = {}): UseSignTypedDataResult {
  const client = useTesseraClient()
  const signTypedData = useEmbeddedAction(
    (typedData: unknown, options: { address?: string; uiOptions?: SignMessageUiOptions } = {}) =>
      client.embeddedWallets.signTypedData({ typedData, ...options }),
    callbacks,
  )
  return { signTypedData }
}
