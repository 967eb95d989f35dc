import type { EthereumProviderRuntime, Listener } from './runtime.js'

export function addListener({ listeners }: EthereumProviderRuntime, event: string, listener: Listener): void {
  let set = listeners.get(event)
  if (!set) listeners.set(event, (set = new Set()))
  set.add(listener)
}

export function removeListener({ listeners }: EthereumProviderRuntime, event: string, listener: Listener): void {
  listeners.get(event)?.delete(listener)
}

export function emit({ listeners }: EthereumProviderRuntime, event: string, ...args: unknown[]): void {
  listeners.get(event)?.forEach((listener) => listener(...args))
}
