import type { SignAuthorizationInput, SignedAuthorization } from '../../src/core/index.js'
import { useTesseraClient } from '../context.js'
import { useEmbeddedAction, type EmbeddedActionCallbacks } from './use-embedded-action.js'

export interface UseSignAuthorizationResult {
  /**
   * Signs an EIP-7702 authorization ({ contractAddress, chainId, nonce }) with the embedded Ethereum wallet `address`
   * (default the primary one), without a confirmation screen; resolves with viem's `SignedAuthorization`, ready for a
   * type-4 transaction's `authorizationList`.
   */
  signAuthorization(input: SignAuthorizationInput, options?: { address?: string }): Promise<SignedAuthorization | undefined>
}

/** EIP-7702 authorizations (the reference SDK's `useSign7702Authorization`, also exported as `useSignAuthorization`). */
export function useSign7702Authorization(callbacks: EmbeddedActionCallbacks<SignedAuthorization> = {}): UseSignAuthorizationResult {
  const client = useTesseraClient()
  const signAuthorization = useEmbeddedAction(
    (input: SignAuthorizationInput, options: { address?: string } = {}) => client.embeddedWallets.signAuthorization({ ...input, ...options }),
    callbacks,
  )
  return { signAuthorization }
}

/** The reference SDK's second name for the same hook. */
export const useSignAuthorization = useSign7702Authorization
