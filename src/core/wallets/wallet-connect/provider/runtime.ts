import type { WalletConnectSession, WalletConnectSessionState } from '../session.js'

export interface WalletConnectProviderOptions {
  session: WalletConnectSession
  /** EIP-155 chains to pair on; the first is current until the wallet or the app switches. */
  chainIds: number[]
  timeoutMs: number
  /** The pairing URI while the wallet has not answered; null once it has (or the pairing ended). */
  onUri(uri: string | null): void
}

type Listener = (...args: unknown[]) => void

/** What the provider's actions share: its options and the session as the wallet last answered it. */
export interface ProviderRuntime {
  options: WalletConnectProviderOptions
  state: WalletConnectSessionState
  accounts: string[]
  /** The chains the session holds; the wallet may add one on a switch. */
  chains: number[]
  chainId: number
  /** Rejects the pairing waiting for the wallet; null when none waits. */
  cancelPairing: ((error: unknown) => void) | null
  listeners: Map<string, Set<Listener>>
}

export const emit = ({ listeners }: ProviderRuntime, event: string, ...args: unknown[]) => listeners.get(event)?.forEach((listener) => listener(...args))

export const providerError = (code: number, message: string) => Object.assign(new Error(message), { code })
