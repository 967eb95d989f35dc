import { toQuantity } from '../../../transactions/prepare-ethereum-transaction.js'
import { invalidParamsError } from '../provider-rpc-error.js'
import { emit } from './listeners.js'
import { chainById, type EthereumProviderRuntime } from './runtime.js'

/** `wallet_switchEthereumChain`: to a chain the app supports, remembered for the app; a change emits `chainChanged`. */
export async function switchChain(runtime: EthereumProviderRuntime, [first]: unknown[]): Promise<null> {
  const raw =
    typeof first === 'string'
      ? first
      : typeof first === 'object' && first && typeof (first as { chainId?: unknown }).chainId === 'string'
        ? (first as { chainId: string }).chainId
        : null
  const id = raw === null ? NaN : Number(raw)
  if (!Number.isSafeInteger(id)) throw invalidParamsError()
  const next = chainById(runtime, id)
  if (next.id !== runtime.chain.id) {
    runtime.chain = next
    const { storage, storageKey } = runtime.options
    await Promise.resolve(storage.put(storageKey, String(next.id))).catch(() => undefined)
    emit(runtime, 'chainChanged', toQuantity(next.id))
  }
  return null
}
