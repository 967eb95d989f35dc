import { useCallback } from 'react'
import type { ConnectedWallet, ConnectWalletOptions, TesseraError, WalletFlowState, WalletOption } from '../../src/core/index.js'
import { useTesseraClient } from '../context.js'
import { reportOrThrow, useLatest } from './latest.js'
import { useWalletFlow, useWalletOptions } from '../../elements/client-slices.js'

export interface UseConnectWalletOptions {
  onSuccess?(detail: { wallet: ConnectedWallet }): void
  /** When given, failures are reported here instead of rejecting. */
  onError?(error: TesseraError): void
}

export interface UseConnectWalletResult {
  /** Connects one of `options` without signing in (the connect-only flow); resolves with the account. */
  connectWallet(walletId: string, options?: Omit<ConnectWalletOptions, 'intent'>): Promise<ConnectedWallet | undefined>
  /** The wallets to offer, in the app's wallet list order. */
  options: WalletOption[]
  state: WalletFlowState
  /** In an in-app browser: call `connectWallet` only from a click handler. */
  needsTrustedClick: boolean
}

/** Connects an external wallet without signing in (the reference SDK's `useConnectWallet`, headless). */
export function useConnectWallet(callbacks: UseConnectWalletOptions = {}): UseConnectWalletResult {
  const client = useTesseraClient()
  const state = useWalletFlow(client)
  const options = useWalletOptions(client)
  const latest = useLatest(callbacks)
  const connectWallet = useCallback<UseConnectWalletResult['connectWallet']>(
    async (walletId, connectOptions) => {
      try {
        const wallet = await client.wallets.connect(walletId, { ...connectOptions, intent: 'connect' })
        latest.current.onSuccess?.({ wallet })
        return wallet
      } catch (error) {
        reportOrThrow(error, latest.current.onError)
        return undefined
      }
    },
    [client, latest],
  )
  return { connectWallet, options, state, needsTrustedClick: client.wallets.needsTrustedClick() }
}
