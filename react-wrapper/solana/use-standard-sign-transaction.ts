import { useCallback } from 'react'
import type { ConnectedStandardSolanaWallet, StandardSolanaTransactionInput } from '../../src/core/index.js'

export interface UseStandardSignTransactionResult {
  /** Signs the transaction bytes with one of `useConnectedStandardWallets().wallets`, without sending them. */
  signTransaction(input: StandardSolanaTransactionInput & { wallet: ConnectedStandardSolanaWallet }): Promise<{ signedTransaction: Uint8Array }>
}

/** The reference SDK's `useStandardSignTransaction`. */
export function useStandardSignTransaction(): UseStandardSignTransactionResult {
  const signTransaction = useCallback<UseStandardSignTransactionResult['signTransaction']>(({ wallet, ...input }) => wallet.signTransaction(input), [])
  return { signTransaction }
}
