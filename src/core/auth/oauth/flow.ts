/**
 * The OAuth flow (sign-in spec, "Screens and routes", "States and transitions" and "Validation rules"): initial → redirecting | awaiting-popup → authenticating → done | error.
 * Redirect: the page leaves for the provider and `handleReturn()` finishes on the way back. Popup: the popup's
 * page posts the return here and this page finishes. Only the synchronous first step lives here (the checks,
 * the popup opened inside the click, the debounce); the rest (flow-steps.ts) loads when a flow starts.
 */
import { OAUTH_BUTTON_DEBOUNCE_MS, oauthReturnParams, type OAuthProvider } from '../../../protocol/index.js'
import type { OAuthActions, OAuthFlowOptions, OAuthFlowState, OAuthStartOptions } from './types.js'
import { TesseraError } from '../../errors/base-error.js'
import { exitedFlowError, oauthInvalidCodeError, popupBlockedError } from '../../errors/client-errors.js'
import type { User } from '../../user/types.js'
import { lazily } from '../../utils/lazily.js'
import { assertIntentAllowed } from '../assert-intent-allowed.js'
import { browserWindow, type OAuthWindow, type PopupWindow } from './browser-window.js'
import { openOAuthPopup } from './open-popup.js'

export const initialOAuthFlowState: OAuthFlowState = { status: 'initial', provider: null, intent: 'login', error: null, headless: false }

export function createOAuthFlow(options: OAuthFlowOptions): OAuthActions {
  const { state } = options
  const now = options.now ?? Date.now
  const getWindow = options.window ?? browserWindow
  // Bumped by reset(): a flow that settles after the modal closed must not revive the old state.
  let generation = 0
  let lastStart: { at: number; promise: Promise<User> } | null = null
  const steps = lazily(() => import('./flow-steps.js').then(({ createOAuthFlowSteps }) => createOAuthFlowSteps(options, () => generation)))

  function requireWindow(): OAuthWindow {
    const win = getWindow()
    if (!win) throw new TesseraError({ code: 'unknown_auth_error', shortMessage: 'OAuth needs a browser window' })
    return win
  }

  async function fail(started: number, error: unknown): Promise<never> {
    // Sign-in spec, "The error catalogue": "OAuth": coded errors pass through; anything else is an invalid code.
    const tesseraError = TesseraError.is(error) ? error : oauthInvalidCodeError(error)
    if (started === generation) state.update((current) => ({ ...current, status: 'error', error: tesseraError }))
    throw tesseraError
  }

  async function run(provider: OAuthProvider, startOptions: OAuthStartOptions): Promise<User> {
    const started = generation
    const intent = startOptions.intent ?? 'login'
    let popup: PopupWindow | null = null
    try {
      assertIntentAllowed(intent, options.isAuthenticated())
      const win = requireWindow()
      // Before any await: a popup opened outside the click is blocked.
      if (startOptions.popup) {
        popup = openOAuthPopup(win)
        if (!popup) throw popupBlockedError()
      }
      state.set({ status: popup ? 'awaiting-popup' : 'redirecting', provider, intent, error: null, headless: startOptions.headless ?? false })
      return await (await steps.load()).proceed({ started, provider, options: startOptions, win, popup })
    } catch (error) {
      popup?.close()
      return fail(started, error)
    }
  }

  function start(provider: OAuthProvider, startOptions: OAuthStartOptions = {}): Promise<User> {
    // Sign-in spec, "States and transitions": the buttons are debounced; a second press within 2 s joins the first.
    const at = now()
    if (lastStart && at - lastStart.at < OAUTH_BUTTON_DEBOUNCE_MS) return lastStart.promise
    const promise = run(provider, startOptions)
    lastStart = { at, promise }
    return promise
  }

  async function handleReturn(): Promise<User | null> {
    const win = getWindow()
    // Nothing to load unless the address holds a state code: the steps read the return.
    if (!win || !new URLSearchParams(win.location.search).has(oauthReturnParams.state)) return null
    const started = generation
    try {
      return await (await steps.load()).finishReturn(started, win)
    } catch (error) {
      return fail(started, error)
    }
  }

  async function unlink(provider: OAuthProvider, subject: string): Promise<User> {
    return (await steps.load()).unlink(provider, subject)
  }

  function reset() {
    generation++
    lastStart = null
    steps.loaded()?.cancelPopup(exitedFlowError(state.get().intent))
    state.set(initialOAuthFlowState)
  }

  return { start, handleReturn, unlink, reset }
}
