/**
 * Test-only `client.wallets` double (never shipped): the real flow shapes over a script, so the wallet
 * screens can be driven in Chromium without an injected wallet. Tests set the flow directly or let the
 * script decide what a connection does.
 */
import { TesseraError, type User } from '../../src/core/index.js'
import type {
  ConnectedWallet,
  ConnectedWalletData,
  ConnectWalletOptions,
  WalletFlowState,
  WalletOption,
  WalletSignInOptions,
  WalletsApi,
} from '../../src/core/wallets/types.js'
// The core's own observable value: the double's state behaves like the real client's.
import { createStore } from '../../src/core/utils/store.js'
import { initialWalletFlowState } from '../../src/core/wallets/flow-state.js'

export interface WalletScript {
  options?: WalletOption[]
  lastUsed?: string | null
  /** An in-app browser: connections only inside a click. */
  needsTrustedClick?: boolean
  /** What a connect-and-sign does; default never settles, so a test can set the flow itself. */
  connectAndSignIn?(walletId: string, options: ConnectWalletOptions): Promise<User>
  /** What `connect` alone does (WalletConnect, tap-to-sign): resolves with the address; default never settles. */
  connect?(walletId: string, options: ConnectWalletOptions): Promise<string>
  /** What `signIn` after `connect` does; default never settles. */
  signIn?(wallet: ConnectedWalletData, options: WalletSignInOptions): Promise<User>
}

export interface FakeWallets extends WalletsApi {
  calls: {
    connect: { walletId: string; options: ConnectWalletOptions }[]
    connectOnly: { walletId: string; options: ConnectWalletOptions }[]
    signIn: { wallet: ConnectedWalletData; options: WalletSignInOptions }[]
    reset: number
  }
  setFlow(change: Partial<WalletFlowState>): void
  setOptions(options: WalletOption[]): void
}

type Emit = (event: 'login' | 'link', payload: unknown) => void

/** The core's own initial state: the fake starts where the real flow does. */
export const idleWalletFlow: WalletFlowState = initialWalletFlowState

/** A wallet option as discovery reports it; `installed` and the connector default to an EIP-6963 wallet. */
export function walletOption(name: string, overrides: Partial<WalletOption> = {}): WalletOption {
  return { id: name.toLowerCase().replace(/\W+/g, '_'), name, icon: null, chains: ['ethereum'], connectorType: 'injected', installed: true, ...overrides }
}

export function createFakeWallets(script: WalletScript, emit: Emit): FakeWallets {
  const options = createStore<WalletOption[]>(script.options ?? [])
  const flow = createStore<WalletFlowState>(idleWalletFlow)
  const connected = createStore<ConnectedWallet[]>([])
  const calls: FakeWallets['calls'] = { connect: [], connectOnly: [], signIn: [], reset: 0 }
  const notSupported = (name: string) => Promise.reject(new TesseraError({ code: 'not_supported', shortMessage: `The fixture does not ${name}` }))
  // The screens list and sign in with connected wallets; none of them signs or sends through one.
  const connectedWallet = (): ConnectedWallet => {
    const { wallet, address } = flow.get()
    const fields = {
      address: address ?? '0x0',
      walletClientType: wallet?.id ?? 'injected',
      connectorType: wallet?.connectorType ?? 'injected',
      linked: true,
      meta: { name: wallet?.name ?? 'Browser Wallet', icon: wallet?.icon ?? null, id: wallet?.id ?? 'injected' },
      disconnect: async () => connected.set([]),
      signMessage: () => notSupported('sign with a connected wallet'),
    }
    if (wallet?.chains[0] === 'solana') {
      return {
        ...fields,
        chain: 'solana',
        chainId: 'solana:5eykt4Us',
        signTransaction: () => notSupported('sign transactions'),
        signAndSendTransaction: () => notSupported('send transactions'),
      }
    }
    return {
      ...fields,
      chain: 'ethereum',
      chainId: 'eip155:1',
      getEthereumProvider: () => notSupported('give a provider'),
      switchChain: () => notSupported('switch chains'),
      sendTransaction: () => notSupported('send transactions'),
    }
  }
  const failed = (error: unknown): never => {
    flow.set({ ...flow.get(), status: 'error', error: TesseraError.is(error) ? error : null, retries: flow.get().retries + 1 })
    throw error
  }
  const signedIn = (user: User, intent: string) => {
    flow.set({ ...flow.get(), status: 'done', connection: 'connected' })
    const method = flow.get().wallet?.chains[0] === 'solana' ? 'siws' : 'siwe'
    if (intent === 'link') emit('link', { user, linkMethod: method, linkedAccount: null })
    else emit('login', { user, isNewUser: false, loginMethod: method })
    return user
  }
  const startConnecting = (walletId: string, connectOptions: ConnectWalletOptions) => {
    const wallet = options.get().find((option) => option.id === walletId) ?? null
    flow.set({ ...flow.get(), status: 'connecting', connection: 'connecting', intent: connectOptions.intent ?? 'login', wallet, error: null })
  }
  const connectAndSignIn = async (walletId: string, connectOptions: ConnectWalletOptions = {}) => {
    calls.connect.push({ walletId, options: connectOptions })
    startConnecting(walletId, connectOptions)
    try {
      return signedIn(await (script.connectAndSignIn?.(walletId, connectOptions) ?? new Promise<User>(() => {})), connectOptions.intent ?? 'login')
    } catch (error) {
      return failed(error)
    }
  }
  return {
    calls,
    setFlow: (change) => flow.set({ ...flow.get(), ...change }),
    setOptions: options.set,
    getOptions: options.get,
    watchOptions: options.watch,
    getFlow: flow.get,
    watchFlow: flow.watch,
    getConnected: connected.get,
    watchConnected: connected.watch,
    getLastUsed: () => script.lastUsed ?? null,
    async connect(walletId, connectOptions = {}) {
      calls.connectOnly.push({ walletId, options: connectOptions })
      startConnecting(walletId, connectOptions)
      try {
        const address = await (script.connect?.(walletId, connectOptions) ?? new Promise<string>(() => {}))
        flow.set({ ...flow.get(), status: 'connected', connection: 'connected', address })
        connected.set([connectedWallet()])
        return connectedWallet()
      } catch (error) {
        return failed(error)
      }
    },
    async signIn(wallet, signInOptions = {}) {
      calls.signIn.push({ wallet, options: signInOptions })
      flow.set({ ...flow.get(), status: 'awaiting-signature' })
      try {
        return signedIn(await (script.signIn?.(wallet, signInOptions) ?? new Promise<User>(() => {})), signInOptions.intent ?? 'login')
      } catch (error) {
        return failed(error)
      }
    },
    connectAndSignIn,
    unlink: async () => {
      throw new TesseraError({ code: 'not_supported', shortMessage: 'The fixture does not unlink wallets' })
    },
    // Headless SIWE/SIWS with the app's own wallet: no screen uses them.
    generateSiweMessage: () => notSupported('generateSiweMessage'),
    submitSiwe: () => notSupported('submitSiwe'),
    generateSiwsMessage: () => notSupported('generateSiwsMessage'),
    submitSiws: () => notSupported('submitSiws'),
    disconnect: async () => {},
    needsTrustedClick: () => script.needsTrustedClick ?? false,
    reset() {
      calls.reset++
      flow.set({ ...idleWalletFlow })
    },
  }
}
