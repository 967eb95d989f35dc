/**
 * The client's `embeddedWallets` member as the first chunk holds it: the state store, and the rule that decides at
 * login whether a wallet will be created (so 'Creating your wallet' shows at once). The rest loads on first use,
 * after a login that creates a wallet, or once a signed-in user has an embedded wallet.
 */
import type { EmbeddedChainType } from '../../../protocol/index.js'
import type { EffectiveConfig } from '../../config/types.js'
import { toTesseraError } from '../../errors/client-errors.js'
import type { AuthState, ClientEvents, ConfigState } from '../../types.js'
import type { User } from '../../user/types.js'
import type { createEmitter } from '../../utils/emitter.js'
import { lazily } from '../../utils/lazily.js'
import { createStore, type Store } from '../../utils/store.js'
import type { EmbeddedWalletsApi, EmbeddedWalletsState } from './types.js'

export interface EmbeddedWalletsImpl extends Omit<EmbeddedWalletsApi, 'getState' | 'watchState'> {
  /** Creates the wallets `chainsToCreateOnLogin` named, in order; a failure logs the user out. */
  createOnLogin(chains: EmbeddedChainType[]): Promise<void>
  destroy(): void
}

export const isEmbeddedWalletAccount = (account: User['linkedAccounts'][number]): boolean =>
  account.type === 'wallet' && account.walletClientType === 'privy'

/**
 * Document 2 §4 "Wallet creation": per chain, Ethereum first, when the setting is not off, the user has no embedded
 * wallet of that chain, and has no external wallet of it or the setting is all-users; custom auth counts as all-users.
 */
export function chainsToCreateOnLogin(user: User, config: EffectiveConfig, customAuth: boolean): EmbeddedChainType[] {
  return (['ethereum', 'solana'] as const).filter((chain) => {
    const setting = config.embeddedWallets[chain].createOnLogin
    const wallets = user.linkedAccounts.filter((account) => account.type === 'wallet' && account.chainType === chain)
    return setting !== 'off' && !wallets.some(isEmbeddedWalletAccount) && (setting === 'all-users' || customAuth || wallets.length === 0)
  })
}

interface ClientStores {
  auth: Store<AuthState>
  config: Store<ConfigState>
  events: ReturnType<typeof createEmitter<ClientEvents>>
  logout(): Promise<void>
}

export function lazyEmbeddedWallets(load: (state: Store<EmbeddedWalletsState>) => Promise<EmbeddedWalletsImpl>, { auth, config, events, logout }: ClientStores) {
  const state = createStore<EmbeddedWalletsState>({ status: 'idle', wallets: [], creating: null, error: null })
  const impl = lazily(() => load(state))
  const forward = <K extends keyof EmbeddedWalletsApi>(name: K) =>
    (async (...args: unknown[]) => ((await impl.load())[name as keyof EmbeddedWalletsImpl] as (...values: unknown[]) => unknown)(...args)) as EmbeddedWalletsApi[K]

  // The wallets' state derives from the user: the code loads once a signed-in user has an embedded wallet.
  const stopWatchingAuth = auth.watch(({ user }) => void (user?.linkedAccounts.some(isEmbeddedWalletAccount) && impl.load()))
  const stopWatchingLogins = events.on('login', ({ user, loginMethod }) => {
    const chains = chainsToCreateOnLogin(user, config.get().config, loginMethod === 'custom_auth')
    if (!chains.length) return
    // Set during the login itself, so the modal shows 'Creating your wallet' rather than closing.
    state.update((current) => ({ ...current, status: 'creating', creating: chains[0]!, error: null }))
    impl.load().then(
      (loaded) => loaded.createOnLogin(chains),
      (error: unknown) => {
        state.update((current) => ({ ...current, status: 'error', creating: null, error: toTesseraError(error) }))
        void logout()
      },
    )
  })

  const member: EmbeddedWalletsApi = {
    getState: state.get,
    watchState: state.watch,
    create: forward('create'),
    connect: forward('connect'),
    recover: forward('recover'),
    getChains: forward('getChains'),
    getEthereumProvider: forward('getEthereumProvider'),
    getSolanaProvider: forward('getSolanaProvider'),
    signMessage: forward('signMessage'),
    signTypedData: forward('signTypedData'),
    signTransaction: forward('signTransaction'),
    sendTransaction: forward('sendTransaction'),
  }
  return {
    member,
    destroy() {
      stopWatchingAuth()
      stopWatchingLogins()
      impl.loaded()?.destroy()
      state.clear()
    },
  }
}
