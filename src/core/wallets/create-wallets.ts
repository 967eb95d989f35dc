/**
 * `client.wallets`: the stores the wallet screens read, and the rest (engine.ts: discovery, connectors, SIWE and
 * SIWS) loaded on first use, so the landing carries none of it. Reading the options starts discovery.
 */
import { lazily } from '../utils/lazily.js'
import { createStore } from '../utils/store.js'
import type { WalletEngineOptions } from './engine/options.js'
import { initialWalletFlowState } from './flow-state.js'
import { isInAppBrowser } from './in-app-browser.js'
import type { ConnectedWallet, WalletFlowState, WalletOption, WalletsApi } from './types.js'

export type WalletsDependencies = Omit<WalletEngineOptions, 'options' | 'flow' | 'connected'>

export function createWallets(dependencies: WalletsDependencies): WalletsApi & { destroy(): void } {
  const options = createStore<WalletOption[]>([])
  const flow = createStore<WalletFlowState>(initialWalletFlowState)
  const connected = createStore<ConnectedWallet[]>([])
  let destroyed = false
  const engine = lazily(() =>
    import('./engine.js').then(async ({ createWalletEngine }) => {
      const created = createWalletEngine({ ...dependencies, options, flow, connected })
      await created.loaded
      // A client destroyed while the engine loaded must not leave discovery or wallet listeners running.
      if (destroyed) created.destroy()
      return created
    }),
  )
  const start = () => void (destroyed || engine.load().catch(() => undefined))

  return {
    getOptions() {
      start()
      return options.get()
    },
    watchOptions(listener) {
      start()
      return options.watch(listener)
    },
    getFlow: flow.get,
    watchFlow: flow.watch,
    getConnected() {
      start()
      return connected.get()
    },
    watchConnected(listener) {
      start()
      return connected.watch(listener)
    },
    getLastUsed: () => engine.loaded()?.getLastUsed() ?? null,
    connect: async (walletId, connectOptions) => (await engine.load()).connect(walletId, connectOptions),
    signIn: async (wallet, signInOptions) => (await engine.load()).signIn(wallet, signInOptions),
    connectAndSignIn: async (walletId, signInOptions) => (await engine.load()).connectAndSignIn(walletId, signInOptions),
    generateSiweMessage: async (input) => (await engine.load()).generateSiweMessage(input),
    submitSiwe: async (input) => (await engine.load()).submitSiwe(input),
    generateSiwsMessage: async (input) => (await engine.load()).generateSiwsMessage(input),
    submitSiws: async (input) => (await engine.load()).submitSiws(input),
    unlink: async (address, chain) => (await engine.load()).unlink(address, chain),
    disconnect: async (address) => (await engine.load()).disconnect(address),
    reset() {
      engine.loaded()?.reset()
      flow.set(initialWalletFlowState)
    },
    needsTrustedClick: () => isInAppBrowser(dependencies.window?.navigator.userAgent),
    destroy() {
      destroyed = true
      engine.loaded()?.destroy()
      options.clear()
      flow.clear()
      connected.clear()
    },
  }
}
