import { toTesseraError } from '../../errors/client-errors.js'
import type { Confirmation } from '../types.js'
import { findConfirmation, type QueueRuntime } from './runtime.js'
import type { ConfirmationController, ConfirmationEntry } from './types.js'

/** A funding session for the confirmation; when it ends (funded or left) the kind reads the balance again, if the confirmation still waits. */
export function addFunds<C extends Confirmation, R>(
  runtime: QueueRuntime,
  controller: ConfirmationController<C, R>,
  entry: ConfirmationEntry<C, R>,
  inline: boolean,
) {
  const { fundWallet } = runtime.deps
  const request = findConfirmation(runtime, entry.id)?.status === 'ready' ? controller.fundingRequest?.(entry) : null
  if (!request || !fundWallet) return
  fundWallet(request, { forConfirmation: entry.id, ...(inline && { inline }) }).then(
    () => void (findConfirmation(runtime, entry.id)?.status === 'ready' && controller.refresh?.(entry)),
    (error: unknown) => entry.update({ error: toTesseraError(error) } as Partial<C>),
  )
}
