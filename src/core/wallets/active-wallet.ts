/**
 * The app's active wallet (the reference SDK's `useActiveWallet`): one of the user's wallets, embedded or external,
 * that the app signs with by default. The choice is kept per app in storage, so it survives a reload.
 */
import type { Listener, Unsubscribe } from '../listener.js'
import { createDefaultStorage } from '../session/storage.js'
import type { TokenStorage } from '../client-options.js'
import { createStore } from '../utils/store.js'

export interface ActiveWalletChoice {
  address: string
  chain: 'ethereum' | 'solana'
}

export interface ActiveWalletStore {
  get(): ActiveWalletChoice | null
  set(choice: ActiveWalletChoice | null): void
  watch(listener: Listener<ActiveWalletChoice | null>): Unsubscribe
}

const isChoice = (value: unknown): value is ActiveWalletChoice =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as ActiveWalletChoice).address === 'string' &&
  ((value as ActiveWalletChoice).chain === 'ethereum' || (value as ActiveWalletChoice).chain === 'solana')

export const activeWalletStorageKey = (appId: string) => `tessera:${appId}:active_wallet`

/** A store over `storage` (loaded at once when storage answers synchronously, else when it answers). */
export function createActiveWalletStore(storage: TokenStorage, key: string): ActiveWalletStore {
  const store = createStore<ActiveWalletChoice | null>(null)
  const stored = storage.get(key)
  const adopt = (value: unknown) => store.get() === null && isChoice(value) && store.set({ address: value.address, chain: value.chain })
  if (stored instanceof Promise) stored.then(adopt, () => {})
  else adopt(stored)
  return {
    get: store.get,
    watch: store.watch,
    set(choice) {
      store.set(choice)
      // A storage that refuses writes keeps the choice for this page only.
      void Promise.resolve(choice ? storage.put(key, choice) : storage.del(key)).catch(() => {})
    },
  }
}

const stores = new Map<string, ActiveWalletStore>()

/** The page's one active-wallet store of an app, over the default storage (localStorage, else memory). */
export function activeWalletOf(appId: string, storage: TokenStorage = createDefaultStorage()): ActiveWalletStore {
  let store = stores.get(appId)
  if (!store) stores.set(appId, (store = createActiveWalletStore(storage, activeWalletStorageKey(appId))))
  return store
}
