import { useSyncExternalStore } from 'react'
import type { TesseraClient, WalletFlowState, WalletOption } from '../../core/index.js'

/** The wallets the picker lists; updates as wallets announce themselves. */
export function useWalletOptions(client: TesseraClient): WalletOption[] {
  return useSyncExternalStore(
    (onChange) => client.wallets.watchOptions(() => onChange()),
    () => client.wallets.getOptions(),
  )
}

/** The connection and SIWE/SIWS flow the status screen draws. */
export function useWalletFlow(client: TesseraClient): WalletFlowState {
  return useSyncExternalStore(
    (onChange) => client.wallets.watchFlow(() => onChange()),
    () => client.wallets.getFlow(),
  )
}
