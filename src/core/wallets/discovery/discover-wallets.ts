/**
 * Every wallet in the page, in the order they showed up: EIP-6963 announcements (mipd), a bare `window.ethereum`, and
 * wallet-standard Solana wallets (@wallet-standard/app). Both libraries listen on the page's global `window`.
 */
import type { Eip1193Provider } from '../ethereum/eip1193.js'
import { knownWalletFor } from '../known-wallets.js'
import type { DetectedWallet } from '../wallet-list.js'
import { watchEip6963 } from './eip6963.js'
import { isSolanaWallet, watchWalletStandard, type StandardWallet } from './wallet-standard.js'

export const INJECTED_WALLET_ID = 'injected'

export interface DiscoveredWallet extends DetectedWallet {
  ethereum?: Eip1193Provider
  solana?: StandardWallet
}

export interface WalletDiscovery {
  wallets(): DiscoveredWallet[]
  find(id: string): DiscoveredWallet | null
  stop(): void
}

type EthereumWindow = Window & { ethereum?: Eip1193Provider }

export function discoverWallets(win: Window, onChange: () => void): WalletDiscovery {
  const found = new Map<string, DiscoveredWallet>()
  const put = (wallet: DiscoveredWallet) => {
    found.set(wallet.option.id, wallet)
    onChange()
  }
  const stopEip6963 = watchEip6963(({ info, provider }) => {
    const known = knownWalletFor(info)
    put({
      option: {
        id: info.rdns,
        name: info.name,
        icon: info.icon || null,
        chains: ['ethereum'],
        connectorType: 'injected',
        installed: true,
        ...(known && { installUrl: known.url }),
      },
      known,
      ethereum: provider,
    })
  })
  const stopWalletStandard = watchWalletStandard({
    onRegister(wallet) {
      if (!isSolanaWallet(wallet)) return
      const known = knownWalletFor({ name: wallet.name })
      put({
        option: {
          id: wallet.name,
          name: wallet.name,
          icon: wallet.icon || null,
          chains: ['solana'],
          connectorType: 'solana_adapter',
          installed: true,
          ...(known && { installUrl: known.url }),
        },
        known,
        solana: wallet,
      })
    },
    onUnregister(wallet) {
      if (found.get(wallet.name)?.solana !== wallet) return
      found.delete(wallet.name)
      onChange()
    },
  })

  /** A bare `window.ethereum` counts only when no announced wallet is that same provider. */
  function bareInjected(): DiscoveredWallet | null {
    const provider = (win as EthereumWindow).ethereum
    if (typeof provider?.request !== 'function') return null
    for (const wallet of found.values()) if (wallet.ethereum === provider) return null
    return {
      option: { id: INJECTED_WALLET_ID, name: 'Browser Wallet', icon: null, chains: ['ethereum'], connectorType: 'injected', installed: true },
      known: null,
      ethereum: provider,
    }
  }

  const wallets = () => {
    const injected = bareInjected()
    return injected ? [...found.values(), injected] : [...found.values()]
  }
  return {
    wallets,
    find: (id) => wallets().find((wallet) => wallet.option.id === id) ?? null,
    stop() {
      stopEip6963()
      stopWalletStandard()
    },
  }
}
