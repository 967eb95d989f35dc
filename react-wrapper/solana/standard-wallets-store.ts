/**
 * The wallet-standard wallets the Solana standard-wallet hooks read, one store per client: the embedded Solana wallet
 * as the core registers it (`getSolanaStandardWallet`, loaded once) and the page's other Solana wallet-standard wallets
 * from the core's discovery (@wallet-standard/app; Tessera's own wallet is never among them). Snapshots change when a
 * wallet registers or unregisters, or the embedded wallet's account does (`standard:events` 'change').
 */
import type { TesseraClient } from '../../src/core/index.js'
import { isSolanaWallet, watchWalletStandard, type StandardWallet } from '../../src/core/wallets/discovery/wallet-standard.js'

export interface StandardWalletsSnapshot {
  /** Null until the embedded wallet's code has loaded. */
  embedded: StandardWallet | null
  page: readonly StandardWallet[]
}

export interface StandardWalletsStore {
  get(): StandardWalletsSnapshot
  /** Starts the discovery and the embedded wallet's loading on the first listener. */
  watch(listener: () => void): () => void
  /** Resolves once both have started and the embedded wallet is loaded. */
  start(): Promise<StandardWallet>
}

interface EventsFeature {
  on(event: 'change', listener: () => void): () => void
}

const stores = new WeakMap<TesseraClient, StandardWalletsStore>()

export function standardWalletsStore(client: TesseraClient): StandardWalletsStore {
  let store = stores.get(client)
  if (!store) stores.set(client, (store = createStandardWalletsStore(client)))
  return store
}

function createStandardWalletsStore(client: TesseraClient): StandardWalletsStore {
  let snapshot: StandardWalletsSnapshot = { embedded: null, page: [] }
  const listeners = new Set<() => void>()
  const publish = (next: Partial<StandardWalletsSnapshot>) => {
    snapshot = { ...snapshot, ...next }
    listeners.forEach((listener) => listener())
  }
  let discovering = false
  let loading: Promise<StandardWallet> | null = null

  function start(): Promise<StandardWallet> {
    // Discovery lives as long as the client, as the client's own does.
    if (!discovering && typeof window !== 'undefined') {
      discovering = true
      watchWalletStandard({
        onRegister: (wallet) => isSolanaWallet(wallet) && publish({ page: [...snapshot.page, wallet] }),
        onUnregister: (wallet) => snapshot.page.includes(wallet) && publish({ page: snapshot.page.filter((listed) => listed !== wallet) }),
      })
    }
    loading ??= client.embeddedWallets.getSolanaStandardWallet().then(
      (wallet) => {
        ;(wallet.features['standard:events'] as EventsFeature).on('change', () => publish({}))
        publish({ embedded: wallet })
        return wallet
      },
      (error: unknown) => {
        loading = null
        throw error
      },
    )
    return loading
  }

  return {
    get: () => snapshot,
    watch(listener) {
      listeners.add(listener)
      start().catch((error: unknown) => console.warn('[tessera] Unable to load the embedded Solana wallet', error))
      return () => void listeners.delete(listener)
    },
    start,
  }
}
