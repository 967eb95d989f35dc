/**
 * The client's `embeddedWallets` member as the first chunk holds it: the state store and the actions' forwarding.
 * The code loads on first use, once a signed-in user has an embedded wallet (the state derives from the user), or
 * before a login of an app that creates wallets (the client awaits `load()`).
 */
import type { AuthState } from '../../types.js'
import { lazily } from '../../utils/lazily.js'
import { createStore, type Store } from '../../utils/store.js'
import type { EmbeddedWalletsApi, EmbeddedWalletsState } from './types.js'

export interface EmbeddedWalletsImpl extends Omit<EmbeddedWalletsApi, 'getState' | 'watchState'> {
  destroy(): void
}

/** Every member but the state's: each loads the code, then runs. */
const actions = [
  'create', 'connect', 'recover', 'getChains', 'getEthereumProvider', 'getSolanaProvider', 'signMessage', 'signTypedData', 'signTransaction', 'sendTransaction',
] as const satisfies readonly Exclude<keyof EmbeddedWalletsApi, 'getState' | 'watchState'>[]
/** Fails to compile when an action of the API is missing above. */
type MissingAction = Exclude<keyof EmbeddedWalletsApi, 'getState' | 'watchState' | (typeof actions)[number]>
type Assert<Condition extends true> = Condition
export type ActionsComplete = Assert<[MissingAction] extends [never] ? true : false>

export function lazyEmbeddedWallets(auth: Store<AuthState>, load: (state: Store<EmbeddedWalletsState>) => Promise<EmbeddedWalletsImpl>) {
  const state = createStore<EmbeddedWalletsState>({ status: 'idle', wallets: [], creating: null, error: null })
  const impl = lazily(() => load(state))
  const stopWatchingAuth = auth.watch(({ user }) => void (user?.linkedAccounts.some((account) => account.type === 'wallet' && account.walletClientType === 'privy') && impl.load()))
  const member = { getState: state.get, watchState: state.watch } as EmbeddedWalletsApi
  for (const name of actions) member[name] = (async (...args: unknown[]) => ((await impl.load())[name] as (...values: unknown[]) => unknown)(...args)) as never
  return {
    member,
    load: impl.load,
    destroy() {
      stopWatchingAuth()
      impl.loaded()?.destroy()
      state.clear()
    },
  }
}
