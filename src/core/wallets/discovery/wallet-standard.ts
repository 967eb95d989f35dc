/**
 * Wallet-standard discovery (the register / app-ready event pair): wallets that load after the app announce with
 * `wallet-standard:register-wallet`; wallets loaded before it register when the app sends `wallet-standard:app-ready`.
 */

/** The wallet-standard wallet surface the connector uses. */
export interface StandardWalletAccount {
  /** Base58 public key for Solana. */
  address: string
  publicKey: Uint8Array
  chains: readonly string[]
  features: readonly string[]
}

export interface StandardWallet {
  version: string
  name: string
  icon: string
  chains: readonly string[]
  features: Readonly<Record<string, unknown>>
  accounts: readonly StandardWalletAccount[]
}

interface RegisterApi {
  register(...wallets: StandardWallet[]): () => void
}

const isStandardWallet = (value: unknown): value is StandardWallet => {
  const wallet = value as Partial<StandardWallet> | null
  return typeof wallet?.name === 'string' && !!wallet.name && Array.isArray(wallet.chains) && typeof wallet.features === 'object' && wallet.features !== null
}

export function watchWalletStandard(win: Window, onRegister: (wallet: StandardWallet) => void): () => void {
  const api: RegisterApi = {
    register(...wallets) {
      for (const wallet of wallets) if (isStandardWallet(wallet)) onRegister(wallet)
      return () => {}
    },
  }
  const listener = (event: Event) => {
    const callback = (event as CustomEvent<unknown>).detail
    if (typeof callback === 'function') callback(api)
  }
  win.addEventListener('wallet-standard:register-wallet', listener)
  win.dispatchEvent(new CustomEvent('wallet-standard:app-ready', { detail: api }))
  return () => win.removeEventListener('wallet-standard:register-wallet', listener)
}
