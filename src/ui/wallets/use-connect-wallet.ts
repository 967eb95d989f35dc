import { useCallback } from 'react'
import type { ConnectedWallet, TesseraClient, WalletChain } from '../../core/index.js'
import { useModal, type ModalRequest } from '../modal-context.js'
import { isMobile } from '../primitives/is-mobile.js'

/** What a wallet connection does: links for a link request, and for connect-or-create once signed in; else signs in. */
export const walletIntent = (request: ModalRequest, signedIn: boolean): 'login' | 'link' =>
  request.intent === 'link' || (request.intent === 'connect-or-create' && signedIn) ? 'link' : 'login'

/** Sign-in spec, "States and transitions": "Wallet login flow": a wallet reached through WalletConnect is asked to sign 2500 ms after it connects. */
export const WALLET_CONNECT_SIGN_DELAY_MS = 2500

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
 * Sign-in spec, "States and transitions": on mobile the user taps 'Sign' (a wallet app opens only from a tap); in-app browsers allow a
 * wallet request only inside a trusted click, so they tap too.
 */
export const tapsToSign = (client: TesseraClient): boolean => isMobile() || client.wallets.needsTrustedClick()

/** Signs in (or links) with the connected wallet of the last attempt; failures stay on the status screen. */
export function useSignWithWallet(): (wallet: ConnectedWallet) => void {
  const { client, request, handleError } = useModal()
  return useCallback(
    (wallet) => {
      const solanaMessageType = lastWalletAttempt(client)?.solanaMessageType
      const intent = walletIntent(request, client.getAuth().status === 'authenticated')
      client.wallets.signIn(wallet, { intent, ...(solanaMessageType && { solanaMessageType }) }).catch((caught: unknown) => handleError(caught, 'wallet'))
    },
    [client, request, handleError],
  )
}

/**
 * Connects and signs in (or links, when the modal was opened to link a wallet) and shows the status screen.
 * Called from the click itself: in-app browsers connect a wallet only inside a trusted click.
 */
export function useConnectWallet(): (attempt: WalletAttempt) => void {
  const { client, request, navigation, handleError } = useModal()
  const sign = useSignWithWallet()
  return useCallback(
    (attempt) => {
      const { walletId, chain, solanaMessageType } = attempt
      lastAttempts.set(client, attempt)
      if (navigation.getState().current !== 'wallet-status') navigation.navigate('wallet-status')
      const intent = walletIntent(request, client.getAuth().status === 'authenticated')
      const connectorType = client.wallets.getOptions().find((option) => option.id === walletId)?.connectorType
      const failed = (caught: unknown) => handleError(caught, 'wallet')
      const tap = tapsToSign(client)
      if (!tap && connectorType !== 'wallet_connect') {
        // Success arrives as the client's login or link event; failures the core worded stay on the status screen.
        client.wallets.connectAndSignIn(walletId, { intent, ...(chain && { chain }), ...(solanaMessageType && { solanaMessageType }) }).catch(failed)
        return
      }
      client.wallets
        .connect(walletId, { intent, ...(chain && { chain }) })
        .then((wallet) => {
          // Tapping: the status screen's 'Sign' button signs. WalletConnect: the prompt waits, unless the flow moved on.
          if (tap) return
          setTimeout(() => {
            const flow = client.wallets.getFlow()
            if (flow.status === 'connected' && flow.address === wallet.address) sign(wallet)
          }, WALLET_CONNECT_SIGN_DELAY_MS)
        })
        .catch(failed)
    },
    [client, request, navigation, handleError, sign],
  )
}
