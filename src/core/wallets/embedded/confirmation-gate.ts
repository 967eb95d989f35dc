import type { ConfirmationController, ConfirmationPresentation, ConfirmationQueue } from '../../transactions/confirmation-queue.js'
import type { Confirmation } from '../../transactions/types.js'

/** What an embedded provider's gate needs: the client's queue (absent: every request runs headless) and the wallet's recovery. */
export interface ConfirmationGate {
  confirmations?: ConfirmationQueue
  connect?(): Promise<void>
}

/** The gate of the embedded providers' signing: the queue decides between the user's approval and a headless run. */
export async function confirmed<C extends Confirmation, R>(
  gate: ConfirmationGate,
  controller: ConfirmationController<C, R>,
  presentation: Omit<ConfirmationPresentation, 'ready'>,
): Promise<R> {
  if (!gate.confirmations) return controller.headless()
  // Recovery (the password, the cloud's consent) comes first: the user then confirms what the usable wallet signs.
  return gate.confirmations.enqueue(controller, { ...presentation, ready: gate.connect })
}
