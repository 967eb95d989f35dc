import { useCallback } from 'react'
import type { ConnectedStandardSolanaWallet } from '../../src/core/index.js'

export interface UseStandardSignMessageResult {
  /** Signs the message bytes with one of `useConnectedStandardWallets().wallets`; its confirmation applies. */
  signMessage(input: {
    message: Uint8Array
    wallet: ConnectedStandardSolanaWallet
    options?: Parameters<ConnectedStandardSolanaWallet['signMessage']>[0]['options']
  }): Promise<{ signature: Uint8Array }>
}

/** The reference SDK's `useStandardSignMessage`. */
export function useStandardSignMessage(): UseStandardSignMessageResult {
  const signMessage = useCallback<UseStandardSignMessageResult['signMessage']>(({ wallet, message, options }) => wallet.signMessage({ message, options }), [])
  return { signMessage }
}
