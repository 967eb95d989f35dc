import type { ConfirmationController } from '../../../transactions/confirmation-queue.js'
import type { Confirmation } from '../../../transactions/types.js'
import { confirmed } from '../confirmation-gate.js'
import type { EthereumProviderRuntime } from './runtime.js'
import type { RequestPresentation } from './types.js'

/** A confirmation through the provider's gate, shown as the caller asks. */
export function confirm<C extends Confirmation, R>(
  runtime: EthereumProviderRuntime,
  controller: ConfirmationController<C, R>,
  { uiOptions, options }: RequestPresentation,
): Promise<R> {
  return confirmed(runtime.options, controller, { showWalletUIs: uiOptions?.showWalletUIs, options })
}
