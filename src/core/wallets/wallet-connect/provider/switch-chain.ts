import type { Eip1193RequestArguments } from '../../ethereum/eip1193.js'
import { emit, providerError, type ProviderRuntime } from './runtime.js'

/** `wallet_switchEthereumChain`: a chain outside the session goes to the wallet, which may add it; one inside is switched here. */
export async function switchChain(runtime: ProviderRuntime, params: Eip1193RequestArguments['params']): Promise<null> {
  const requested = Number.parseInt(String((params as [{ chainId?: string }] | undefined)?.[0]?.chainId), 16)
  if (!Number.isSafeInteger(requested) || requested <= 0) throw providerError(-32602, 'wallet_switchEthereumChain needs a chainId')
  if (!runtime.chains.includes(requested)) {
    await runtime.options.session.request(`eip155:${runtime.chainId}`, 'wallet_switchEthereumChain', params)
    runtime.chains.push(requested)
  }
  runtime.chainId = requested
  emit(runtime, 'chainChanged', `0x${requested.toString(16)}`)
  return null
}
