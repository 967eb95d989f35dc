/**
 * The EIP-1193 provider announced through EIP-6963: one object for the page's lifetime that forwards to the signed-in
 * user's embedded Ethereum provider (its `request`, so every signature passes the same confirmation as the client's
 * own), and says `accountsChanged` when the user signs in or out. Signed out, it has no account and signs nothing.
 */
import type { Eip1193Provider, Eip1193RequestArguments } from '../../ethereum/eip1193.js'
import { ProviderRpcError, providerRpcErrors } from '../provider-rpc-error.js'
import type { EmbeddedEthereumProvider } from '../types.js'

export interface AnnouncedEthereumProvider {
  provider: Eip1193Provider
  /** The wallet the provider speaks for now; null: signed out. */
  bind(next: EmbeddedEthereumProvider | null): void
}

// biome-ignore lint/suspicious/noExplicitAny: EIP-1193 listeners take any arguments; dapps' own types must fit
type Listener = (...args: any[]) => void

export function announcedEthereumProvider(): AnnouncedEthereumProvider {
  const listeners = new Map<string, Set<Listener>>()
  const emit = (event: string, value: unknown) => listeners.get(event)?.forEach((listener) => listener(value))
  const forwardChain: Listener = (chainId) => emit('chainChanged', chainId)
  let current: EmbeddedEthereumProvider | null = null

  function request(args: Eip1193RequestArguments): Promise<unknown> {
    if (current) return current.request(args)
    if (args.method === 'eth_accounts') return Promise.resolve([])
    return Promise.reject(new ProviderRpcError(providerRpcErrors.unauthorized, 'The user is signed out of the wallet'))
  }

  const provider: Eip1193Provider = {
    request,
    on(event: string, listener: Listener) {
      let set = listeners.get(event)
      if (!set) listeners.set(event, (set = new Set()))
      set.add(listener)
    },
    removeListener(event: string, listener: Listener) {
      listeners.get(event)?.delete(listener)
    },
  }

  return {
    provider,
    bind(next) {
      if (next === current) return
      const previous = current
      previous?.removeListener?.('chainChanged', forwardChain)
      next?.on?.('chainChanged', forwardChain)
      current = next
      if (previous?.address !== next?.address) emit('accountsChanged', next ? [next.address] : [])
      if (next && previous && previous.getChainId() !== next.getChainId()) emit('chainChanged', `0x${next.getChainId().toString(16)}`)
    },
  }
}
