import type { Chain } from '../../../chains/chain.js'
import { createSendLedger, type SendLedger } from '../../../transactions/send-once.js'
import { callJsonRpc } from '../json-rpc.js'
import { ProviderRpcError, providerRpcErrors } from '../provider-rpc-error.js'
import type { EmbeddedEthereumProviderOptions } from './types.js'

// biome-ignore lint/suspicious/noExplicitAny: EIP-1193 listeners take any arguments; dapps' own types must fit
export type Listener = (...args: any[]) => void

/** What the provider's methods share: the options, the chain they run on, the event listeners and the send ledger. */
export interface EthereumProviderRuntime {
  options: EmbeddedEthereumProviderOptions
  /** The remembered chain at first, then the one switched to. */
  chain: Chain
  listeners: Map<string, Set<Listener>>
  sends: SendLedger
}

export async function createEthereumProviderRuntime(options: EmbeddedEthereumProviderOptions): Promise<EthereumProviderRuntime> {
  const stored = Number(await Promise.resolve(options.storage.get(options.storageKey)).catch(() => null))
  // A remembered chain the app no longer supports falls back to the default one.
  const chain = options.chains.find((candidate) => candidate.id === stored) ?? options.defaultChain
  return { options, chain, listeners: new Map(), sends: options.sends ?? createSendLedger() }
}

/** A JSON-RPC call to a chain's RPC, the provider's chain by default. */
export const rpc = <T>(runtime: EthereumProviderRuntime, method: string, params: unknown[] = [], on: Chain = runtime.chain) =>
  callJsonRpc<T>(on.rpcUrl, method, params, runtime.options.fetch)

export function chainById({ options }: EthereumProviderRuntime, id: number): Chain {
  const found = options.chains.find((candidate) => candidate.id === id)
  if (!found) throw new ProviderRpcError(providerRpcErrors.unsupportedChain, `Unsupported chainId ${id}`)
  return found
}
