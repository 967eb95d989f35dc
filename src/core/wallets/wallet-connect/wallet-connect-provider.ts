/**
 * WalletConnect as an EIP-1193 provider, so the engine connects it, switches its chain and signs SIWE with it like
 * any injected wallet. `eth_requestAccounts` offers a pairing: its URI goes to the flow (the QR screen draws it, a
 * mobile wallet opens it), and the wallet's approval races the time limit (the relay may never answer).
 */
import { providerErrorCodes, type Eip1193Provider } from '../ethereum/eip1193.js'
import { walletRejectedError } from '../errors.js'
import { request } from './provider/request.js'
import { emit, providerError, type ProviderRuntime, type WalletConnectProviderOptions } from './provider/runtime.js'
import type { WalletConnectSessionState } from './session.js'

export type { WalletConnectProviderOptions }

export interface WalletConnectProvider extends Eip1193Provider {
  state(): WalletConnectSessionState
  /** Closing the QR: the pairing waiting for the wallet rejects. */
  cancel(): void
  /** Ends the session and leaves the relay. */
  close(): Promise<void>
}

export function walletConnectProvider(options: WalletConnectProviderOptions): WalletConnectProvider {
  const { session } = options
  const runtime: ProviderRuntime = {
    options,
    state: 'initialised',
    accounts: [],
    chains: [],
    chainId: options.chainIds[0] ?? 1,
    cancelPairing: null,
    listeners: new Map(),
  }
  const stopWatching = session.onDisconnect(() => {
    runtime.state = 'disconnected'
    runtime.accounts = []
    emit(runtime, 'accountsChanged', [])
    emit(runtime, 'disconnect', providerError(providerErrorCodes.disconnected, 'WalletConnect session ended'))
  })
  const { listeners } = runtime
  return {
    request: (args) => request(runtime, args),
    on(event, listener) {
      if (!listeners.has(event)) listeners.set(event, new Set())
      listeners.get(event)!.add(listener)
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener)
    },
    state: () => runtime.state,
    cancel() {
      runtime.cancelPairing?.(walletRejectedError(false, new Error('WalletConnect pairing closed')))
    },
    async close() {
      stopWatching()
      if (runtime.state === 'connected') await session.disconnect().catch(() => undefined)
      runtime.state = 'disconnected'
      await session.close()
    },
  }
}
