/** The provider page's embedded wallets for unit tests: records each call, answers fixed results, or fails as told. */
import type { Listener } from '../../../listener.js'
import type { EmbeddedWalletsApi, EmbeddedWalletsState } from '../../../wallets/embedded/types.js'
import type { ProviderWallets } from '../provider-wallet.js'

export class FakeEmbeddedWallets implements ProviderWallets {
  calls: { method: string; input: unknown }[] = []
  /** Thrown by the next signing call, when set. */
  failure: unknown = null
  private state: EmbeddedWalletsState = { status: 'idle', wallets: [], creating: null, error: null }
  private listeners = new Set<Listener<EmbeddedWalletsState>>()

  /** `onCreate` adds the new wallet to the user, as the server does. */
  constructor(private readonly onCreate: () => void) {}

  getState = () => this.state
  watchState = (listener: Listener<EmbeddedWalletsState>) => {
    this.listeners.add(listener)
    return () => void this.listeners.delete(listener)
  }

  setStatus(status: EmbeddedWalletsState['status']) {
    const previous = this.state
    this.state = { ...previous, status }
    for (const listener of this.listeners) listener(this.state, previous)
  }

  create: EmbeddedWalletsApi['create'] = async (options) => {
    this.calls.push({ method: 'create', input: options })
    this.onCreate()
    return {} as Awaited<ReturnType<EmbeddedWalletsApi['create']>>
  }

  private async sign<T>(method: string, input: unknown, result: T): Promise<T> {
    this.calls.push({ method, input })
    const failure = this.failure
    this.failure = null
    if (failure) throw failure
    return result
  }

  signMessage: EmbeddedWalletsApi['signMessage'] = (input) => this.sign('signMessage', input, { signature: '0xsigned-message' })
  signTypedData: EmbeddedWalletsApi['signTypedData'] = (input) => this.sign('signTypedData', input, { signature: '0xsigned-typed-data' })
  signTransaction: EmbeddedWalletsApi['signTransaction'] = (input) => this.sign('signTransaction', input, { signature: '0xsigned-transaction' })
  sendTransaction: EmbeddedWalletsApi['sendTransaction'] = (input) => this.sign('sendTransaction', input, { hash: '0xtransaction-hash' })
}
