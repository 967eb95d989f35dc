/**
 * The confirmation queue (funding spec, "Screens and routes", "Entities and their fields" and "States and transitions"): every request that needs the user's approval waits here, in arrival
 * order, as a `Confirmation` in the embedded-wallets state (`confirmations`); the UI renders the first one not yet
 * final and calls its actions. Each change replaces the confirmation in a new array, so watchers re-render.
 *
 * A kind plugs in with `enqueue(controller, presentation)`: the controller runs the request headless, or builds the
 * kind's confirmation (its fields and its own actions: approve, retry, ...) over a `ConfirmationEntry` that updates
 * it, completes it (settling the caller) or fails it (the error screen; the caller waits for a retry or a reject).
 * The queue owns `id`, `status`, `error`, `reject`, `inline` and the Ethereum `position`:
 * - wallet UIs off (`uiOptions.showWalletUIs ?? embeddedWallets.showWalletUIs`, the app's setting not applying to an
 *   inline caller), or no UI heard the 'transaction:confirm' prompt of a request not shown inline: the controller
 *   runs headless, no confirmation;
 * - `approve()` acts only when `ready`; `reject()` before the work ends rejects the caller with 4001 'The user rejected
 *   the request.', after an error with that error, after success only closes; while submitting it is ignored;
 * - a completed confirmation leaves after `SUCCESS_DISPLAY_MS` (`closes: 'after-display'`) or when the user closes it;
 * - `presentation.ready` (the wallet's recovery) runs first; while it runs, a request bound for the modal counts in
 *   `confirmationsComing`, so a screen answering that recovery (the MFA code, the password) waits for its confirmation
 *   instead of closing the modal under it;
 * - a kind that names a funding request for its shortfall gets `addFunds()`: a funding session for the confirmation
 *   (`forConfirmation`), after which the kind prepares the confirmation again.
 */
import { clearQueue } from './confirmation-queue/clear.js'
import { enqueue } from './confirmation-queue/enqueue.js'
import type { QueueRuntime } from './confirmation-queue/runtime.js'
import type { ConfirmationQueue, ConfirmationQueueDeps } from './confirmation-queue/types.js'

export { SUCCESS_DISPLAY_MS, userRejectedRequestError } from './confirmation-queue/runtime.js'
export type {
  ConfirmationController,
  ConfirmationEntry,
  ConfirmationPresentation,
  ConfirmationQueue,
  ConfirmationQueueDeps,
} from './confirmation-queue/types.js'

export function createConfirmationQueue(deps: ConfirmationQueueDeps): ConfirmationQueue {
  const runtime: QueueRuntime = { deps, sequence: 0, pending: new Map(), batch: [] }
  return {
    enqueue: (controller, presentation) => enqueue(runtime, controller, presentation),
    clear: () => clearQueue(runtime),
  }
}
