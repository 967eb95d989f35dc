import type { Confirmation } from '../types.js'
import { addFunds } from './add-funds.js'
import {
  SUCCESS_DISPLAY_MS,
  findConfirmation,
  removeConfirmation,
  replaceConfirmation,
  setConfirmations,
  userRejectedRequestError,
  type QueueRuntime,
} from './runtime.js'
import type { ConfirmationController, ConfirmationEntry, ConfirmationPresentation, QueueOwned } from './types.js'

interface Settle<R> {
  resolve(value: R): void
  reject(error: unknown): void
}

/** The handle a kind's controller updates its confirmation through. */
function createEntry<C extends Confirmation, R>(runtime: QueueRuntime, id: string, settle: Settle<R>): ConfirmationEntry<C, R> {
  const find = () => findConfirmation(runtime, id)
  return {
    id,
    current: () => find() as C,
    update: (patch) => void (find() && replaceConfirmation(runtime, id, patch)),
    complete(value, patch, closes) {
      if (!find()) return
      replaceConfirmation(runtime, id, { ...patch, status: 'complete', error: null })
      runtime.pending.delete(id)
      settle.resolve(value)
      if (closes === 'after-display') setTimeout(() => removeConfirmation(runtime, id), runtime.deps.successDisplayMs ?? SUCCESS_DISPLAY_MS)
    },
    fail: (error, patch) => void (find() && replaceConfirmation(runtime, id, { ...patch, status: 'error', error })),
  }
}

/** Numbers the Ethereum transactions queued together ' (i / n)'. */
function joinBatch(runtime: QueueRuntime, id: string) {
  runtime.batch.push(id)
  const { batch } = runtime
  const total = batch.length
  setConfirmations(runtime, (list) =>
    list.map((confirmation) =>
      confirmation.kind === 'ethereum-transaction' && batch.includes(confirmation.id)
        ? { ...confirmation, position: { index: batch.indexOf(confirmation.id) + 1, total } }
        : confirmation,
    ),
  )
}

/** Puts the kind's confirmation in the queue with the queue's own fields and actions, and announces it. */
export function show<C extends Confirmation, R>(
  runtime: QueueRuntime,
  controller: ConfirmationController<C, R>,
  inline: boolean,
  presentation: ConfirmationPresentation,
): Promise<R> {
  const id = presentation.options?.id ?? `confirmation-${++runtime.sequence}`
  let settle!: Settle<R>
  const result = new Promise<R>((resolve, reject) => (settle = { resolve, reject }))
  const entry = createEntry<C, R>(runtime, id, settle)
  const find = () => findConfirmation(runtime, id)
  const { approve, ...fields } = controller.create(entry) as Omit<C, QueueOwned>
  const confirmation = {
    ...fields,
    id,
    status: controller.initialStatus,
    error: null,
    approve: () => void (find()?.status === 'ready' && approve()),
    reject() {
      const current = find()
      if (!current || current.status === 'submitting') return
      if (current.status !== 'complete') settle.reject(current.status === 'error' && current.error ? current.error : userRejectedRequestError())
      removeConfirmation(runtime, id)
    },
    ...(inline && { inline }),
    ...(fields.kind === 'ethereum-transaction' && { position: { index: 1, total: 1 } }),
    ...(controller.fundingRequest && { addFunds: () => addFunds(runtime, controller, entry, inline) }),
  } as unknown as Confirmation
  runtime.pending.set(id, settle.reject)
  setConfirmations(runtime, (list) => [...list, confirmation])
  // Nothing shows a prompt nobody heard: the request runs as if wallet UIs were off.
  if (!inline && !runtime.deps.announce?.()) {
    removeConfirmation(runtime, id)
    return controller.headless()
  }
  if (confirmation.kind === 'ethereum-transaction' && !confirmation.userOperation) joinBatch(runtime, id)
  controller.start?.(entry)
  return result
}
