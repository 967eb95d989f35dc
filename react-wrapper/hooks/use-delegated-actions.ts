import { useCallback } from 'react'
import type { EmbeddedChainType } from '../../src/protocol/index.js'
import { useTesseraContext } from '../context.js'

export interface DelegateWalletOptions {
  address: string
  chainType: EmbeddedChainType
  /** Default true: the modal asks the user first ('Accept' / 'Not now'); false delegates at once (the app asked already). */
  showDelegatedActionsPrompt?: boolean
}

export interface UseDelegatedActionsResult {
  /**
   * Offline access: lets the app's backend sign with the user's embedded wallet at `address` while the user is offline
   * (wallet spec, "States and transitions": "Delegated wallets"). With the prompt it resolves once the consent screen is open; the wallet's
   * `delegated` flag turns true when the user accepts.
   */
  delegateWallet(options: DelegateWalletOptions): Promise<void>
  /** Ends every delegation of the user; with the prompt (default) the modal's revoke view asks first ('Confirm' / 'Deny'). */
  revokeWallets(options?: { showDelegatedActionsPrompt?: boolean }): Promise<void>
}

/** The reference SDK's `useDelegatedActions`. */
export function useDelegatedActions(): UseDelegatedActionsResult {
  const { client, openModal } = useTesseraContext()
  const delegateWallet = useCallback(
    async ({ address, chainType, showDelegatedActionsPrompt = true }: DelegateWalletOptions) => {
      if (!showDelegatedActionsPrompt) return client.embeddedWallets.delegateWallet({ address, chainType })
      openModal({ intent: 'wallet', screen: 'delegation:consent', address })
    },
    [client, openModal],
  )
  const revokeWallets = useCallback(
    async ({ showDelegatedActionsPrompt = true }: { showDelegatedActionsPrompt?: boolean } = {}) => {
      if (!showDelegatedActionsPrompt) return client.embeddedWallets.revokeWallets()
      openModal({ intent: 'wallet', screen: 'delegation:revoke' })
    },
    [client, openModal],
  )
  return { delegateWallet, revokeWallets }
}
