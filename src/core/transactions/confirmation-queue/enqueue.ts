import type { Confirmation } from '../types.js'
import type { QueueRuntime } from './runtime.js'
import { show } from './show.js'
import type { ConfirmationController, ConfirmationPresentation } from './types.js'

const countComing = ({ deps }: QueueRuntime, change: number) =>
  deps.state.update((current) => ({ ...current, confirmationsComing: (current.confirmationsComing ?? 0) + change }))

/** Runs the request headless, or after the wallet is ready shows its confirmation and waits for the user's answer. */
export async function enqueue<C extends Confirmation, R>(
  runtime: QueueRuntime,
  controller: ConfirmationController<C, R>,
  presentation: ConfirmationPresentation = {},
): Promise<R> {
  const inline = presentation.options?.inline ?? false
  // An inline element is the UI itself: only the call's own `showWalletUIs: false` skips it.
  if (!(presentation.showWalletUIs ?? (inline || runtime.deps.showWalletUIs()))) {
    await presentation.ready?.()
    return controller.headless()
  }
  if (!presentation.ready) return show(runtime, controller, inline, presentation)
  if (!inline) countComing(runtime, 1)
  let shown: Promise<R>
  try {
    await presentation.ready()
    shown = show(runtime, controller, inline, presentation)
  } finally {
    // After the confirmation joined the queue: no moment shows neither.
    if (!inline) countComing(runtime, -1)
  }
  return shown
}
