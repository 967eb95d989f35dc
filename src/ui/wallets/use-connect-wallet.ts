import { useCallback } from 'react'
import type { TesseraClient, WalletChain } from '../../core/index.js'
import { useModal } from '../modal-context.js'

export interface WalletAttempt {
  walletId: string
  /** Named on the status screen before the flow reports the wallet. */
  walletName: string
  chain: WalletChain | undefined
  /** 'transaction' signs a memo transaction (a Ledger behind Phantom) instead of a message. */
  solanaMessageType?: 'plain' | 'transaction'
}

// The attempt 'Try again' and 'Still here?' repeat, per client: the network choice lives on the picker screen.
const lastAttempts = new WeakMap<TesseraClient, WalletAttempt>()

export const lastWalletAttempt = (client: TesseraClient): WalletAttempt | null => lastAttempts.get(client) ?? null

/**
 * Connects and signs in (or links, when the modal was opened to link a wallet) and shows the status screen.
 * Called from the click itself: in-app browsers connect a wallet only inside a trusted click.
 */
export function useConnectWallet(): (attempt: WalletAttempt) => void {
  const { client, request, navigation, handleError } = useModal()
  return useCallback(
    (attempt) => {
      const { walletId, chain, solanaMessageType } = attempt
      lastAttempts.set(client, attempt)
      if (navigation.getState().current !== 'wallet-status') navigation.navigate('wallet-status')
      const intent = request.intent === 'link' ? 'link' : 'login'
      // Success arrives as the client's login or link event (the modal closes); failures the core worded stay on the status screen.
      client.wallets.connectAndSignIn(walletId, { intent, ...(chain && { chain }), ...(solanaMessageType && { solanaMessageType }) }).catch((caught: unknown) => handleError(caught, 'wallet'))
    },
    [client, request, navigation, handleError],
  )
}
