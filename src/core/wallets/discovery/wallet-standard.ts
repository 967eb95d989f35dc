/**
 * Wallet-standard discovery through @wallet-standard/app: `getWallets()` holds the page's registered wallets (it
 * answers wallets loaded before the app and hears those loaded after) and says when one registers or unregisters.
 */
import { getWallets } from '@wallet-standard/app'
import { isAnnouncedByTessera } from './announced-by-tessera.js'

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

/** A wallet-standard wallet usable for SIWS: on a Solana chain, able to connect. */
export const isSolanaWallet = (wallet: StandardWallet) => wallet.chains.some((chain) => chain.startsWith('solana:')) && 'standard:connect' in wallet.features

export interface StandardWalletWatchers {
  onRegister(wallet: StandardWallet): void
  onUnregister(wallet: StandardWallet): void
}

/** A wallet with a name, chains and features; never the wallet Tessera itself registers. */
const isListable = (wallet: unknown): wallet is StandardWallet => {
  const candidate = wallet as Partial<StandardWallet> | null
  return (
    typeof candidate?.name === 'string' &&
    !!candidate.name &&
    Array.isArray(candidate.chains) &&
    typeof candidate.features === 'object' &&
    candidate.features !== null &&
    !isAnnouncedByTessera(candidate)
  )
}

export function watchWalletStandard({ onRegister, onUnregister }: StandardWalletWatchers): () => void {
  const wallets = getWallets()
  const each =
    (handle: (wallet: StandardWallet) => void) =>
    (...registered: readonly unknown[]) =>
      registered.filter(isListable).forEach(handle)
  each(onRegister)(...wallets.get())
  const stopRegister = wallets.on('register', each(onRegister))
  const stopUnregister = wallets.on('unregister', each(onUnregister))
  return () => {
    stopRegister()
    stopUnregister()
  }
}
