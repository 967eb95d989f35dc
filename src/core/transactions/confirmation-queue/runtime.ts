import { ProviderRpcError } from '../../wallets/embedded/provider-rpc-error.js'
import type { Confirmation } from '../types.js'
import type { ConfirmationQueueDeps } from './types.js'

/** How long a success shows before a self-closing confirmation leaves the queue. */
export const SUCCESS_DISPLAY_MS = 1_500

export const userRejectedRequestError = () => new ProviderRpcError(4001, 'The user rejected the request.')

/** What the queue's actions share: their deps and the queue's own bookkeeping beside the state's list. */
export interface QueueRuntime {
  deps: ConfirmationQueueDeps
  /** Numbers the confirmations that bring no id of their own. */
  sequence: number
  /** Each waiting caller's reject, by confirmation id. */
  pending: Map<string, (error: unknown) => void>
  /** The Ethereum transactions queued together: each shows ' (i / n)' over the batch until all of them left. */
  batch: string[]
}

export const confirmations = ({ deps }: QueueRuntime) => deps.state.get().confirmations ?? []

export const setConfirmations = ({ deps }: QueueRuntime, change: (list: Confirmation[]) => Confirmation[]) =>
  deps.state.update((current) => ({ ...current, confirmations: change(current.confirmations ?? []) }))

export const findConfirmation = (runtime: QueueRuntime, id: string) => confirmations(runtime).find((confirmation) => confirmation.id === id)

export function replaceConfirmation(runtime: QueueRuntime, id: string, patch: object) {
  setConfirmations(runtime, (list) => list.map((confirmation) => (confirmation.id === id ? ({ ...confirmation, ...patch } as Confirmation) : confirmation)))
}

export function removeConfirmation(runtime: QueueRuntime, id: string) {
  runtime.pending.delete(id)
  setConfirmations(runtime, (list) => list.filter((confirmation) => confirmation.id !== id))
  if (!confirmations(runtime).some((confirmation) => runtime.batch.includes(confirmation.id))) runtime.batch = []
}
