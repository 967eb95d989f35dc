/**
 * Cross-app accounts (wallet spec, "Screens and routes": "Cross-app"): initial → awaiting-popup → authenticating → done | error.
 * Only the synchronous first step lives here (the checks and the popup, opened inside the click); the
 * rest (flow-steps.ts) and the provider page's side (provider-page.ts) load on first use.
 */
import type { CrossAppActions, CrossAppFlowOptions, CrossAppFlowState, CrossAppTransactTarget } from './types.js'
import type { CrossAppTransactRequestDto } from '../../../protocol/index.js'
import { TesseraError } from '../../errors/base-error.js'
import { alreadyLoggedInError, exitedFlowError, mustBeAuthenticatedError, popupBlockedError } from '../../errors/client-errors.js'
import type { User } from '../../user/types.js'
import { forwarding } from '../../utils/forwarding.js'
import { lazily } from '../../utils/lazily.js'
import { browserWindow, type OAuthWindow, type PopupWindow } from '../oauth/browser-window.js'
import { openOAuthPopup } from '../oauth/open-popup.js'
import { readAuthorizationRequest } from './authorization-request.js'
import type { ProviderPage } from './provider-page.js'

export const initialCrossAppFlowState: CrossAppFlowState = { status: 'initial', intent: 'login', providerAppId: null, error: null }

export function createCrossAppFlow(options: CrossAppFlowOptions): CrossAppActions {
  const { state } = options
  const getWindow = options.window ?? browserWindow
  // Bumped by reset(): a flow that settles after the modal closed must not revive the old state.
  let generation = 0
  const steps = lazily(() => import('./flow-steps.js').then(({ createCrossAppFlowSteps }) => createCrossAppFlowSteps(options, () => generation)))

  function requireWindow(): OAuthWindow {
    const win = getWindow()
    if (!win) throw new TesseraError({ code: 'unknown_auth_error', shortMessage: 'Cross-app accounts need a browser window' })
    return win
  }

  async function start(providerAppId: string, intent: 'login' | 'link'): Promise<User> {
    const started = generation
    let popup: PopupWindow | null = null
    try {
      if (intent === 'login' && options.isAuthenticated()) throw alreadyLoggedInError()
      if (intent === 'link' && !options.isAuthenticated()) throw mustBeAuthenticatedError()
      const win = requireWindow()
      // Before any await: a popup opened outside the click is blocked.
      popup = openOAuthPopup(win)
      if (!popup) throw popupBlockedError()
      state.set({ status: 'awaiting-popup', intent, providerAppId, error: null })
      return await (await steps.load()).proceed({ started, providerAppId, intent, win, popup })
    } catch (caught) {
      popup?.close()
      const error = TesseraError.is(caught)
        ? caught
        : new TesseraError({ code: 'unknown_auth_error', shortMessage: 'Cross-app authentication failed', cause: caught })
      if (started === generation) state.set({ status: 'error', intent, providerAppId, error })
      throw error
    }
  }

  /** `toRequest` gets the cross-app account's wallet the request is for (`target.address`, or its first). */
  async function transact(target: CrossAppTransactTarget, toRequest: (address: string) => CrossAppTransactRequestDto): Promise<string> {
    // With the code and the connections already loaded, the refusals and the popup come inside the click.
    const popup = steps.loaded()?.openTransactPopup(target, requireWindow) ?? null
    return (await steps.load()).transact({ ...target, toRequest, requireWindow, popup })
  }

  const own: Omit<CrossAppActions, keyof ProviderPage> = {
    login: (providerAppId) => start(providerAppId, 'login'),
    link: (providerAppId) => start(providerAppId, 'link'),
    unlink: async (providerAppId, subject) => (await steps.load()).unlink(providerAppId, subject),
    getConnections: async () => (await steps.load()).getConnections(),
    readAuthorizationRequest() {
      const win = getWindow()
      // Synchronous, so a page can decide what to render before anything loads.
      return win ? readAuthorizationRequest(win.location.search) : null
    },
    signMessage: async ({ message, ...target }) => ({ signature: await transact(target, (from) => ({ method: 'personal_sign', params: [message, from] })) }),
    signTypedData: async ({ typedData, ...target }) => ({
      signature: await transact(target, (from) => ({ method: 'eth_signTypedData_v4', params: [from, typedData] })),
    }),
    sendTransaction: async ({ transaction, ...target }) => ({
      transactionHash: await transact(target, (from) => ({ method: 'eth_sendTransaction', params: [{ ...transaction, from }] })),
    }),
    signTransaction: async ({ transaction, ...target }) => ({
      signature: await transact(target, (from) => ({ method: 'eth_signTransaction', params: [{ ...transaction, from }] })),
    }),
    getProviderDetails: async (providerAppId) => (await steps.load()).getProviderDetails(providerAppId),
    getAccessTokenForProvider: async (providerAppId) => (await steps.load()).accessTokenFor(providerAppId),
    reset() {
      generation++
      steps.loaded()?.cancelPopup(exitedFlowError(state.get().intent))
      state.set(initialCrossAppFlowState)
    },
  }
  // The provider page's members (approve, deny, readTransactRequest...) load with it: their names stay out of the first load.
  return forwarding<CrossAppActions>(
    own,
    lazily(() => import('./provider-page.js').then(({ createProviderPage }) => createProviderPage(options, requireWindow))).load,
  )
}
