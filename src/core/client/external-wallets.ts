import { createWallets } from '../wallets/create-wallets.js'
import type { ClientRuntime } from './runtime.js'

type WalletsParts = Pick<
  ClientRuntime,
  'appId' | 'options' | 'storage' | 'transport' | 'config' | 'auth' | 'isAuthenticated' | 'authenticate' | 'accountChanges'
>

/** `client.wallets`: stores here; discovery, connectors and SIWE/SIWS load on first use. */
export function externalWallets({ appId, options, storage, transport, config, auth, isAuthenticated, authenticate, accountChanges }: WalletsParts) {
  return createWallets({
    appId,
    storage,
    transport,
    getConfig: () => config.get().config,
    watchConfig: config.watch,
    getUser: () => auth.get().user,
    isAuthenticated,
    authenticate,
    accountChanges,
    window: options.walletWindow !== undefined ? options.walletWindow : typeof window === 'undefined' ? null : window,
    timeoutMs: options.walletTimeoutMs,
    pollIntervalMs: options.walletTimeoutMs && Math.min(options.walletTimeoutMs / 10, 500),
    createWalletConnectSession: options.walletConnectSession,
  })
}
