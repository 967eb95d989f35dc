import { useCallback } from 'react'
import type { ConnectedStandardSolanaWallet, StandardSolanaTransactionInput } from '../../src/core/index.js'

export interface UseStandardSignAndSendTransactionResult {
  /** Signs the transaction bytes with one of `useConnectedStandardWallets().wallets` and sends them on the chain's cluster. */
  signAndSendTransaction(input: StandardSolanaTransactionInput & { wallet: ConnectedStandardSolanaWallet }): Promise<{ signature: Uint8Array }>
}

/** The reference SDK's `useStandardSignAndSendTransaction`. */
export function useStandardSignAndSendTransaction(): UseStandardSignAndSendTransactionResult {
  const signAndSendTransaction = useCallback<UseStandardSignAndSendTransactionResult['signAndSendTransaction']>(
    ({ wallet, ...input }) => wallet.signAndSendTransaction(input),
    [],
  )
  return { signAndSendTransaction }
}
