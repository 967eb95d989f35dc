/**
 * One card (or exchange) attempt (funding spec, "Screens and routes" and "States and transitions"): the provider's window opens inside the click, the session
 * moves to the provider's status screen, and a failure brings it back to the landing with the banner.
 */
import type { PopupWindow } from '../../auth/oauth/browser-window.js'
import { initializeFlowError } from '../../errors/funding-errors.js'
import type { SessionContext } from '../session-context.js'
import type { FundingCardState } from '../types.js'
import { openFundingPopup } from './popup.js'

export interface CardAttempt {
  popup: PopupWindow
  /** Still on this attempt's status screen. */
  current(): boolean
}

/**
 * Null when the asset is still loading, an attempt already runs, or the window was blocked ('Unable to initialize
 * flow' on the landing, unless `quiet`: a default method fired without a click gives up silently).
 */
export function beginCardAttempt(ctx: SessionContext, card: FundingCardState, method: 'card' | 'exchange', quiet: boolean): CardAttempt | null {
  const session = ctx.get()
  if (!session.asset || session.step === 'card-status') return null
  const popup = openFundingPopup(ctx.deps.window)
  if (!popup) {
    if (!quiet) ctx.update({ errorMessage: initializeFlowError('The browser blocked the provider window.').shortMessage })
    return null
  }
  const current = ctx.enter('card-status', {
    card,
    errorMessage: null,
    fundingMethod: method,
    ...(method === 'card' && { showAlternateProvider: session.options.card.length > 1 }),
  })
  return { popup, current }
}

/** Back to the landing with the banner, when the attempt is still the one on screen. */
export function cardAttemptFailed(ctx: SessionContext, attempt: CardAttempt, card: FundingCardState, message: string | null): void {
  if (attempt.current()) ctx.enter('landing', { card, errorMessage: message })
}
