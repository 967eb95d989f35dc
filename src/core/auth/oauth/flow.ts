/**
 * The OAuth flow (document 1 §§2, 4, 5): initial → redirecting | awaiting-popup → authenticating → done | error.
 * Redirect: the page leaves for the provider and `handleReturn()` finishes on the way back. Popup: the popup's
 * page posts the return here and this page finishes.
 */
import {
  OAUTH_BUTTON_DEBOUNCE_MS,
  OAUTH_DENIED_CODE,
  oauthAccountType,
  oauthProviders,
  type AuthenticatedUserDto,
  type OAuthProvider,
  type UserDto,
} from '../../../protocol/index.js'
import { authenticateOAuth, initOAuth, linkOAuth, unlinkOAuth } from '../../api/oauth.js'
import type { Transport } from '../../api/transport.js'
import { TesseraError } from '../../errors/base-error.js'
import {
  alreadyLoggedInError,
  exitedFlowError,
  mustBeAuthenticatedError,
  oauthInvalidCodeError,
  oauthMissingVerifierError,
  oauthPhishingError,
  oauthProviderLegError,
  oauthUserDeniedError,
  popupBlockedError,
} from '../../errors/client-errors.js'
import type { AccountChanges } from '../../session/account-changes.js'
import { storageKeys } from '../../session/keys.js'
import type { OAuthFlowState, OAuthStartOptions, TesseraClient } from '../../types.js'
import type { User } from '../../user/types.js'
import type { Store } from '../../utils/store.js'
import { browserWindow, type OAuthWindow, type PopupWindow } from './browser-window.js'
import { clearPendingFlow, readPendingFlow, savePendingFlow, type PendingOAuthFlow } from './pending-flow.js'
import { codeChallengeS256, randomOAuthSecret } from './pkce.js'
import { openOAuthPopup, postReturnToOpener, sameOriginOpener, waitForPopupReturn, type PopupWait } from './popup.js'
import { addressWithoutOAuthReturn, readOAuthReturn, type OAuthReturn } from './return-params.js'

export const initialOAuthFlowState: OAuthFlowState = { status: 'initial', provider: null, intent: 'login', error: null, headless: false }

export interface OAuthFlowOptions {
  appId: string
  state: Store<OAuthFlowState>
  transport: Transport
  isAuthenticated(): boolean
  /** The client's one sign-in path: stores the session and announces the login. */
  authenticate(provider: OAuthProvider, login: () => Promise<AuthenticatedUserDto>): Promise<User>
  /** Stores the user a link or unlink answered with and announces the change. */
  accountChanges: AccountChanges
  sendAnalyticsEvent(eventName: string, payload: Record<string, unknown>): Promise<void>
  /** Defaults to the page's `window`. */
  window?: () => OAuthWindow | null
  now?: () => number
}

const never = new Promise<never>(() => {})
const isProvider = (value: string): value is OAuthProvider => (oauthProviders as readonly string[]).includes(value)
/** A user holds one identity per provider, so the linked one is the account of its type. */
const linkedSubject = (user: UserDto, provider: OAuthProvider): string => {
  const account = user.linked_accounts.find((candidate) => candidate.type === oauthAccountType(provider))
  return account && 'subject' in account ? account.subject : ''
}

export function createOAuthFlow(options: OAuthFlowOptions): TesseraClient['oauth'] {
  const { state, transport } = options
  const now = options.now ?? Date.now
  const getWindow = options.window ?? browserWindow
  const flowKey = storageKeys(options.appId).oauthFlow
  // Bumped by reset(): a flow that settles after the modal closed must not revive the old state.
  let generation = 0
  let lastStart: { at: number; promise: Promise<User> } | null = null
  let popupWait: { popup: PopupWindow; wait: PopupWait } | null = null

  const updateIfCurrent = (started: number, change: Partial<OAuthFlowState>) => {
    if (started === generation) state.update((current) => ({ ...current, ...change }))
  }

  function requireWindow(): OAuthWindow {
    const win = getWindow()
    if (!win) throw new TesseraError({ code: 'unknown_auth_error', shortMessage: 'OAuth needs a browser window' })
    return win
  }

  async function fail(started: number, error: unknown): Promise<never> {
    // Document 1 §8 "OAuth": coded errors pass through; anything else is an invalid code.
    const tesseraError = TesseraError.is(error) ? error : oauthInvalidCodeError(error)
    updateIfCurrent(started, { status: 'error', error: tesseraError })
    throw tesseraError
  }

  /** Checks the return against the flow this browser started, then exchanges the code. */
  async function complete(started: number, pending: PendingOAuthFlow | null, returned: OAuthReturn, forget: () => void): Promise<User> {
    if (!pending || pending.stateCode !== returned.stateCode || pending.provider !== returned.provider) {
      void options.sendAnalyticsEvent('possible_phishing_attempt', { flow: 'oauth', provider: returned.provider })
      throw oauthPhishingError()
    }
    // The state matched, so this return is spent whatever happens next.
    forget()
    if (returned.error) throw oauthProviderLegError(returned.error)
    if (returned.authorizationCode === OAUTH_DENIED_CODE) throw oauthUserDeniedError()
    const codeVerifier = pending.codeVerifier
    if (!codeVerifier) throw oauthMissingVerifierError()
    updateIfCurrent(started, { status: 'authenticating', provider: pending.provider, intent: pending.intent, headless: pending.headless, error: null })
    const body = { authorization_code: returned.authorizationCode, state_code: returned.stateCode, code_verifier: codeVerifier }
    const { provider } = pending
    const user = pending.intent === 'link'
      ? await linkOAuth(transport, body).then((dto) => options.accountChanges.linked(dto, provider, linkedSubject(dto, provider)))
      : await options.authenticate(provider, () =>
          authenticateOAuth(transport, { ...body, mode: pending.disableSignup ? 'no-signup' : 'login-or-sign-up' }))
    updateIfCurrent(started, { status: 'done', error: null })
    return user
  }

  async function run(provider: OAuthProvider, startOptions: OAuthStartOptions): Promise<User> {
    const started = generation
    const intent = startOptions.intent ?? 'login'
    const headless = startOptions.headless ?? false
    let popup: PopupWindow | null = null
    try {
      if (intent === 'login' && options.isAuthenticated()) throw alreadyLoggedInError()
      if (intent === 'link' && !options.isAuthenticated()) throw mustBeAuthenticatedError()
      const win = requireWindow()
      // Before any await: a popup opened outside the click is blocked.
      if (startOptions.popup) {
        popup = openOAuthPopup(win)
        if (!popup) throw popupBlockedError()
      }
      state.set({ status: popup ? 'awaiting-popup' : 'redirecting', provider, intent, error: null, headless })
      const codeVerifier = randomOAuthSecret()
      const pending: PendingOAuthFlow = {
        provider,
        intent,
        stateCode: randomOAuthSecret(),
        codeVerifier,
        headless,
        disableSignup: startOptions.disableSignup ?? false,
      }
      const { url } = await initOAuth(transport, {
        provider,
        redirect_to: startOptions.redirectUrl ?? win.location.origin + win.location.pathname,
        code_challenge: await codeChallengeS256(codeVerifier),
        state_code: pending.stateCode,
        token: startOptions.captchaToken,
      })
      if (started !== generation) throw exitedFlowError(intent)
      if (!popup) {
        savePendingFlow(() => win.sessionStorage, flowKey, pending)
        win.location.assign(url)
        return never
      }
      popup.location.href = url
      const wait = waitForPopupReturn(win, popup, () => exitedFlowError(intent))
      popupWait = { popup, wait }
      const returned = await wait.result
      return await complete(started, pending, returned, () => {})
    } catch (error) {
      popup?.close()
      return fail(started, error)
    } finally {
      if (popupWait?.popup === popup) popupWait = null
    }
  }

  function start(provider: OAuthProvider, startOptions: OAuthStartOptions = {}): Promise<User> {
    // Document 1 §4: the buttons are debounced; a second press within 2 s joins the first.
    const at = now()
    if (lastStart && at - lastStart.at < OAUTH_BUTTON_DEBOUNCE_MS) return lastStart.promise
    const promise = run(provider, startOptions)
    lastStart = { at, promise }
    return promise
  }

  async function handleReturn(): Promise<User | null> {
    const win = getWindow()
    const returned = win && readOAuthReturn(win.location.search)
    if (!win || !returned) return null
    // Removed first, so a reload or a failure never replays the code.
    win.history.replaceState(win.history.state, '', addressWithoutOAuthReturn(win.location))
    const opener = sameOriginOpener(win)
    if (opener) {
      postReturnToOpener(win, opener, returned)
      return null
    }
    const started = generation
    try {
      const pending = readPendingFlow(() => win.sessionStorage, flowKey)
      state.set({
        status: 'authenticating',
        provider: isProvider(returned.provider) ? returned.provider : null,
        intent: pending?.intent ?? 'login',
        error: null,
        headless: pending?.headless ?? false,
      })
      return await complete(started, pending, returned, () => clearPendingFlow(() => win.sessionStorage, flowKey))
    } catch (error) {
      return fail(started, error)
    }
  }

  async function unlink(provider: OAuthProvider, subject: string): Promise<User> {
    if (!options.isAuthenticated()) throw mustBeAuthenticatedError()
    return options.accountChanges.unlinked(await unlinkOAuth(transport, { provider, subject }), provider)
  }

  function reset() {
    generation++
    lastStart = null
    if (popupWait) {
      popupWait.popup.close()
      popupWait.wait.cancel(exitedFlowError(state.get().intent))
      popupWait = null
    }
    state.set(initialOAuthFlowState)
  }

  return { start, handleReturn, unlink, reset }
}
