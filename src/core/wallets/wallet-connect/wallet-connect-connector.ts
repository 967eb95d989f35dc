/**
 * The `wallet_connect` picker entry: offered only when the app has a WalletConnect Cloud project id, and connected
 * through a `walletConnectProvider` over one relay session per project id (the real one by default).
 */
import type { DiscoveredWallet } from '../discovery/discover-wallets.js'
import type { WalletOption } from '../types.js'
import type { WalletConnectSession } from './session.js'
import { walletConnectProvider, type WalletConnectProvider } from './wallet-connect-provider.js'

export const WALLET_CONNECT_ID = 'wallet_connect'

export const walletConnectOption: WalletOption = {
  id: WALLET_CONNECT_ID,
  name: 'WalletConnect',
  icon: null,
  chains: ['ethereum'],
  connectorType: 'wallet_connect',
  installed: true,
}

/** Mainnet is always offered next to the chain the app asks for, so any Ethereum wallet can pair. */
const DEFAULT_CHAIN_ID = 1

export interface WalletConnectConnectorOptions {
  getProjectId(): string | null
  createSession(projectId: string): WalletConnectSession
  timeoutMs: number
  onUri(uri: string | null): void
}

export function walletConnectConnector(options: WalletConnectConnectorOptions) {
  let session: { projectId: string; session: WalletConnectSession } | null = null
  let provider: WalletConnectProvider | null = null

  const sessionFor = (projectId: string) => {
    if (session?.projectId !== projectId) session = { projectId, session: options.createSession(projectId) }
    return session.session
  }

  /** A provider for the next connection: the connected one, else a new pairing. */
  function find(chainId?: number): DiscoveredWallet | null {
    const projectId = options.getProjectId()
    if (!projectId) return null
    if (!provider || provider.state() === 'disconnected') {
      const chainIds = [...new Set([chainId ?? DEFAULT_CHAIN_ID, DEFAULT_CHAIN_ID])]
      provider = walletConnectProvider({ session: sessionFor(projectId), chainIds, timeoutMs: options.timeoutMs, onUri: options.onUri })
    }
    return { option: walletConnectOption, known: null, ethereum: provider }
  }

  return {
    option: () => (options.getProjectId() ? walletConnectOption : null),
    find,
    cancel: () => provider?.cancel(),
    /** Ends the session and leaves the relay (a later connection pairs again). */
    async disconnect() {
      provider?.cancel()
      const closing = provider ? provider.close() : session?.session.close()
      provider = null
      session = null
      await closing?.catch(() => undefined)
    },
  }
}
