/**
 * The OAuth flow past its first, synchronous step (flow.ts): PKCE, the server's init, the provider round trip,
 * the state check and the code exchange. Loaded on the first start, unlink or return in the address.
 */
import { OAUTH_DENIED_CODE, oauthAccountType, oauthProviders, type OAuthLinkDto, type OAuthProvider, type UserDto } from '../../../protocol/index.js'
import { authenticateOAuth, initOAuth, linkOAuth, unlinkOAuth } from './api.js'
import type { TesseraError } from '../../errors/base-error.js'
import { exitedFlowError, mustBeAuthenticatedError, oauthPhishingError } from '../../errors/client-errors.js'
import { storageKeys } from '../../session/keys.js'
import type { OAuthFlowOptions, OAuthFlowState, OAuthStartOptions } from './types.js'
import type { User } from '../../user/types.js'
import type { OAuthWindow, PopupWindow } from './browser-window.js'
import { clearPendingFlow, readPendingFlow, savePendingFlow, type PendingOAuthFlow } from './pending-flow.js'
import { codeChallengeS256, randomOAuthSecret } from './pkce.js'
import { postReturnToOpener, sameOriginOpener, waitForPopupReturn, type PopupWait } from './popup.js'
import { oauthMissingVerifierError, oauthProviderLegError, oauthUserDeniedError } from './errors.js'
import { oauthTokensFromDto } from './provider-tokens.js'
import { addressWithoutOAuthReturn, readOAuthReturn, type OAuthReturn } from './return-params.js'

/** A start that passed the synchronous checks: the popup (if any) is open and the state says so. */
export interface StartedOAuthFlow {
  started: number
  provider: OAuthProvider
  options: OAuthStartOptions
  win: OAuthWindow
  popup: PopupWindow | null
}

export interface OAuthFlowSteps {
  /** Resolves with the user for a popup; a redirect leaves the page and never settles. */
  proceed(flow: StartedOAuthFlow): Promise<User>
  /** Finishes the return in `win`'s address, removing it first; null without a complete return, or inside a popup. */
  finishReturn(started: number, win: OAuthWindow): Promise<User | null>
  unlink(provider: OAuthProvider, subject: string): Promise<User>
  /** Closes a popup still awaited and rejects its wait with `reason`. */
  cancelPopup(reason: TesseraError): void
}

const never = new Promise<never>(() => {})
const isProvider = (value: string): value is OAuthProvider => (oauthProviders as readonly string[]).includes(value)
/** A user holds one identity per provider, so the linked one is the account of its type. */
const linkedSubject = (user: UserDto, provider: OAuthProvider): string => {
  const account = user.linked_accounts.find((candidate) => candidate.type === oauthAccountType(provider))
  return account && 'subject' in account ? account.subject : ''
}

/** What the steps share: the flow's options, its reset counter, and the popup still awaited. */
interface StepsRuntime {
  options: OAuthFlowOptions
  /** flow.ts's counter, bumped by reset(): a flow that settles after it must not revive the old state. */
  generation(): number
  flowKey: string
  popupWait: { popup: PopupWindow; wait: PopupWait } | null
}

const updateIfCurrent = (runtime: StepsRuntime, started: number, change: Partial<OAuthFlowState>) => {
  if (started === runtime.generation()) runtime.options.state.update((current) => ({ ...current, ...change }))
}

/** Stores the linked user, then hands over the provider's tokens the link answered (a reauthorization's). */
const linked = (options: OAuthFlowOptions, { oauth_tokens: tokens, ...dto }: OAuthLinkDto, provider: OAuthProvider): Promise<User> =>
  options.accountChanges.linked(dto, provider, linkedSubject(dto, provider), tokens && oauthTokensFromDto(tokens))

/** Checks the return against the flow this browser started, then exchanges the code. */
async function complete(runtime: StepsRuntime, started: number, pending: PendingOAuthFlow | null, returned: OAuthReturn, forget: () => void): Promise<User> {
  const { options } = runtime
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
  updateIfCurrent(runtime, started, { status: 'authenticating', provider: pending.provider, intent: pending.intent, headless: pending.headless, error: null })
  const body = { authorization_code: returned.authorizationCode, state_code: returned.stateCode, code_verifier: codeVerifier }
  const { provider } = pending
  const user =
    pending.intent === 'link'
      ? await linkOAuth(options.transport, body).then((dto) => linked(options, dto, provider))
      : await options.authenticate(provider, () =>
          authenticateOAuth(options.transport, { ...body, mode: pending.disableSignup ? 'no-signup' : 'login-or-sign-up' }),
        )
  updateIfCurrent(runtime, started, { status: 'done', error: null })
  return user
}

async function proceed(runtime: StepsRuntime, { started, provider, options: startOptions, win, popup }: StartedOAuthFlow): Promise<User> {
  const intent = startOptions.intent ?? 'login'
  try {
    const codeVerifier = randomOAuthSecret()
    const pending: PendingOAuthFlow = {
      provider,
      intent,
      stateCode: randomOAuthSecret(),
      codeVerifier,
      headless: startOptions.headless ?? false,
      disableSignup: startOptions.disableSignup ?? false,
    }
    const { url } = await initOAuth(runtime.options.transport, {
      provider,
      redirect_to: startOptions.redirectUrl ?? win.location.origin + win.location.pathname,
      code_challenge: await codeChallengeS256(codeVerifier),
      state_code: pending.stateCode,
      token: startOptions.captchaToken,
    })
    if (started !== runtime.generation()) throw exitedFlowError(intent)
    if (!popup) {
      savePendingFlow(() => win.sessionStorage, runtime.flowKey, pending)
      win.location.assign(url)
      return never
    }
    popup.location.href = url
    const wait = waitForPopupReturn(win, popup, () => exitedFlowError(intent))
    runtime.popupWait = { popup, wait }
    const returned = await wait.result
    return await complete(runtime, started, pending, returned, () => {})
  } finally {
    if (runtime.popupWait?.popup === popup) runtime.popupWait = null
  }
}

async function finishReturn(runtime: StepsRuntime, started: number, win: OAuthWindow): Promise<User | null> {
  const returned = readOAuthReturn(win.location.search)
  if (!returned) return null
  // Removed first, so a reload or a failure never replays the code.
  win.history.replaceState(win.history.state, '', addressWithoutOAuthReturn(win.location))
  const opener = sameOriginOpener(win)
  if (opener) {
    postReturnToOpener(win, opener, returned)
    return null
  }
  const { flowKey } = runtime
  const pending = readPendingFlow(() => win.sessionStorage, flowKey)
  runtime.options.state.set({
    status: 'authenticating',
    provider: isProvider(returned.provider) ? returned.provider : null,
    intent: pending?.intent ?? 'login',
    error: null,
    headless: pending?.headless ?? false,
  })
  return complete(runtime, started, pending, returned, () => clearPendingFlow(() => win.sessionStorage, flowKey))
}

export function createOAuthFlowSteps(options: OAuthFlowOptions, generation: () => number): OAuthFlowSteps {
  const runtime: StepsRuntime = { options, generation, flowKey: storageKeys(options.appId).oauthFlow, popupWait: null }
  return {
    proceed: (flow) => proceed(runtime, flow),
    finishReturn: (started, win) => finishReturn(runtime, started, win),
    async unlink(provider, subject) {
      if (!options.isAuthenticated()) throw mustBeAuthenticatedError()
      return options.accountChanges.unlinked(await unlinkOAuth(options.transport, { provider, subject }), provider)
    },
    cancelPopup(reason) {
      if (!runtime.popupWait) return
      runtime.popupWait.popup.close()
      runtime.popupWait.wait.cancel(reason)
      runtime.popupWait = null
    },
  }
}
