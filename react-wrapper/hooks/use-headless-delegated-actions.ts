import { useCallback } from 'react'
import type { EmbeddedChainType } from '../../src/protocol/index.js'
import { useTesseraClient } from '../context.js'

export interface UseHeadlessDelegatedActionsResult {
  /** Delegates the embedded wallet at `address` at once, with no consent screen (the app asked the user already). */
  delegateWallet(options: { address: string; chainType: EmbeddedChainType }): Promise<void>
  /** Ends every delegation of the user at once, with no confirmation screen. */
  revokeWallets(): Promise<void>
}

/** Delegated actions without UI (the reference SDK's `useHeadlessDelegatedActions`; wallet spec, "States and transitions": "Delegated wallets"). */
export function useHeadlessDelegatedActions(): UseHeadlessDelegatedActionsResult {
  const client = useTesseraClient()
  const delegateWallet = useCallback(
    ({ address, chainType }: { address: string; chainType: EmbeddedChainType }) => client.embeddedWallets.delegateWallet({ address, chainType }),
    [client],
  )
  const revokeWallets = useCallback(() => client.embeddedWallets.revokeWallets(), [client])
  return { delegateWallet, revokeWallets }
}
