import type { ConnectedWallet, TesseraClient, WalletFlowState, WalletOption } from '../../core/index.js'
import { useSlice } from './use-slice.js'

/** The external-wallet connection and SIWE/SIWS flow. */
export function useWalletFlow(client: TesseraClient): WalletFlowState {
  return useSlice(
    (onChange) => client.wallets.watchFlow(onChange),
    () => client.wallets.getFlow(),
  )
}

/** The wallets the picker offers, in the app's wallet list order; updates as wallets announce themselves. */
export function useWalletOptions(client: TesseraClient): WalletOption[] {
  return useSlice(
    (onChange) => client.wallets.watchOptions(onChange),
    () => client.wallets.getOptions(),
  )
}

/** Connected external wallets (subscribing starts discovery and restores remembered connections). */
export function useConnectedWallets(client: TesseraClient): ConnectedWallet[] {
  return useSlice(
    (onChange) => client.wallets.watchConnected(onChange),
    () => client.wallets.getConnected(),
  )
}
