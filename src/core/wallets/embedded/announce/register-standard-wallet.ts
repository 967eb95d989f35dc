/**
 * Registers a wallet with every wallet-standard app of the page, those already there (`wallet-standard:register-wallet`)
 * and those that start later (`wallet-standard:app-ready`), and keeps each app's unregister function:
 * @wallet-standard/wallet's `registerWallet` drops them, and signing out must take the wallet off every app's list.
 */
import type { StandardWallet } from '../../discovery/wallet-standard.js'

interface RegisterApi {
  register(wallet: StandardWallet): () => void
}

/** Returns the unregistration: from every app that registered the wallet, and no more registering with new ones. */
export function registerStandardWallet(win: Window, wallet: StandardWallet): () => void {
  const unregisters: (() => void)[] = []
  const register = (api: RegisterApi) => {
    try {
      unregisters.push(api.register(wallet))
    } catch (error) {
      console.error('[tessera] A wallet-standard app refused the wallet', error)
    }
  }
  const onAppReady = (event: Event) => register((event as CustomEvent<RegisterApi>).detail)
  win.addEventListener('wallet-standard:app-ready', onAppReady)
  win.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: register }))
  return () => {
    win.removeEventListener('wallet-standard:app-ready', onAppReady)
    for (const unregister of unregisters.splice(0)) unregister()
  }
}
