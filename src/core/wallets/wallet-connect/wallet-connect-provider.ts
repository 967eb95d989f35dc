/**
 * WalletConnect as an EIP-1193 provider, so the engine connects it, switches its chain and signs SIWE with it like
 * any injected wallet. `eth_requestAccounts` offers a pairing: its URI goes to the flow (the QR screen draws it, a
 * mobile wallet opens it), and the wallet's approval races the time limit (the relay may never answer).
 */
import { providerErrorCodes, type Eip1193Provider, type Eip1193RequestArguments } from '../ethereum/eip1193.js'
import { unableToRetrieveAddressError, walletRejectedError } from '../errors.js'
import { withTimeout } from '../with-timeout.js'
import type { WalletConnectSession, WalletConnectSessionState } from './session.js'

export interface WalletConnectProviderOptions {
  session: WalletConnectSession
  /** EIP-155 chains to pair on; the first is current until the wallet or the app switches. */
  chainIds: number[]
  timeoutMs: number
  /** The pairing URI while the wallet has not answered; null once it has (or the pairing ended). */
  onUri(uri: string | null): void
}

export interface WalletConnectProvider extends Eip1193Provider {
  state(): WalletConnectSessionState
  /** Closing the QR: the pairing waiting for the wallet rejects. */
  cancel(): void
  /** Ends the session and leaves the relay. */
  close(): Promise<void>
}

type Listener = (...args: unknown[]) => void

/** A CAIP-10 account `eip155:<chain>:<address>`, split. */
function parseAccount(account: string): { chainId: number; address: string } | null {
  const [namespace, chain, address] = account.split(':')
  const chainId = Number(chain)
  return namespace === 'eip155' && Number.isSafeInteger(chainId) && address ? { chainId, address } : null
}

const providerError = (code: number, message: string) => Object.assign(new Error(message), { code })

export function walletConnectProvider(options: WalletConnectProviderOptions): WalletConnectProvider {
  const { session } = options
  let state: WalletConnectSessionState = 'initialised'
  let accounts: string[] = []
  let chains: number[] = []
  let chainId = options.chainIds[0] ?? 1
  let cancelPairing: ((error: unknown) => void) | null = null
  const listeners = new Map<string, Set<Listener>>()
  const emit = (event: string, ...args: unknown[]) => listeners.get(event)?.forEach((listener) => listener(...args))

  const stopWatching = session.onDisconnect(() => {
    state = 'disconnected'
    accounts = []
    emit('accountsChanged', [])
    emit('disconnect', providerError(providerErrorCodes.disconnected, 'WalletConnect session ended'))
  })

  /** One time limit for the whole pairing (relay, then wallet); a URI arriving after it ended is not shown. */
  async function pair(): Promise<string[]> {
    let waiting = true
    const offer = async () => {
      const pairing = await session.pair(options.chainIds.map((id) => `eip155:${id}`))
      if (waiting) options.onUri(pairing.uri)
      return (await pairing.approval()).accounts
    }
    const cancelled = new Promise<never>((_, reject) => {
      cancelPairing = reject
    })
    try {
      const approved = (await withTimeout(Promise.race([offer(), cancelled]), options.timeoutMs)).map(parseAccount).filter((account) => account !== null)
      if (!approved.length) throw unableToRetrieveAddressError()
      accounts = [...new Set(approved.map((account) => account.address))]
      chains = [...new Set(approved.map((account) => account.chainId))]
      chainId = chains.includes(chainId) ? chainId : approved[0]!.chainId
      state = 'connected'
      return accounts
    } finally {
      waiting = false
      cancelPairing = null
      options.onUri(null)
    }
  }

  async function switchChain(params: Eip1193RequestArguments['params']): Promise<null> {
    const requested = Number.parseInt(String((params as [{ chainId?: string }] | undefined)?.[0]?.chainId), 16)
    if (!Number.isSafeInteger(requested) || requested <= 0) throw providerError(-32602, 'wallet_switchEthereumChain needs a chainId')
    // A chain outside the session goes to the wallet, which may add it; one inside is switched here.
    if (!chains.includes(requested)) {
      await session.request(`eip155:${chainId}`, 'wallet_switchEthereumChain', params)
      chains.push(requested)
    }
    chainId = requested
    emit('chainChanged', `0x${requested.toString(16)}`)
    return null
  }

  return {
    async request({ method, params }) {
      switch (method) {
        case 'eth_requestAccounts':
          return state === 'connected' ? accounts : pair()
        case 'eth_accounts':
          return state === 'connected' ? accounts : []
        case 'eth_chainId':
          return `0x${chainId.toString(16)}`
        case 'wallet_switchEthereumChain':
          return switchChain(params)
        default:
          if (state !== 'connected') throw providerError(providerErrorCodes.disconnected, 'WalletConnect session is not connected')
          return session.request(`eip155:${chainId}`, method, params)
      }
    },
    on(event, listener) {
      if (!listeners.has(event)) listeners.set(event, new Set())
      listeners.get(event)!.add(listener)
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener)
    },
    state: () => state,
    cancel() {
      cancelPairing?.(walletRejectedError(false, new Error('WalletConnect pairing closed')))
    },
    async close() {
      stopWatching()
      if (state === 'connected') await session.disconnect().catch(() => undefined)
      state = 'disconnected'
      await session.close()
    },
  }
}
