/**
 * The cross-app flow past its first, synchronous step (flow.ts): the connection, PKCE, the provider's popup,
 * the state check, the code exchange and the token action; transact requests through the provider's transact
 * page; provider details. Loaded on the first start, unlink, connections, transact or details call.
 */
import type { CrossAppConnectionDto, CrossAppTransactRequestDto, UserDto } from '../../../protocol/index.js'
import type { TesseraError } from '../../errors/base-error.js'
import { exitedFlowError, mustBeAuthenticatedError, oauthPhishingError, popupBlockedError } from '../../errors/client-errors.js'
import type { CrossAppConnection, CrossAppFlowState, CrossAppProviderDetails } from '../../types.js'
import type { User } from '../../user/types.js'
import type { OAuthWindow, PopupWindow } from '../oauth/browser-window.js'
import { openOAuthPopup } from '../oauth/open-popup.js'
import { codeChallengeS256, randomOAuthSecret } from '../oauth/pkce.js'
import { authenticateCrossApp, getCrossAppConnections, getCrossAppDetails, initCrossAppTransact, linkCrossApp, unlinkCrossApp } from './api.js'
import { authorizationRequestUrl } from './authorization-request.js'
import { CROSS_APP_NO_TOKEN_MESSAGE, CROSS_APP_REJECTED_MESSAGE, crossAppReadOnlyError, crossAppRejectedError, crossAppRequestError, invalidConnectedAppError } from './errors.js'
import { crossAppMethod, type CrossAppFlowOptions, type CrossAppTransactTarget } from './flow.js'
import { waitForCrossAppAction, waitForCrossAppReturn, type CrossAppPopupWait, type CrossAppReturn } from './popup-wait.js'
import { createCrossAppTokenStore } from './token-store.js'
import { transactRequestUrl } from './transact-request.js'
import { crossAppAccountAddress } from './wallet-address.js'

export interface StartedCrossAppFlow {
  started: number
  providerAppId: string
  intent: 'login' | 'link'
  win: OAuthWindow
  popup: PopupWindow
}

export interface StartedCrossAppTransact extends CrossAppTransactTarget {
  /** The request, for the cross-app account's wallet the refusals chose. */
  toRequest(address: string): CrossAppTransactRequestDto
  /** The page's window (throws without one): needed only once the refusals are past. */
  requireWindow(): OAuthWindow
  /** Opened inside the click when the connections were already known; else opened here. */
  popup: PopupWindow | null
}

const toConnection = (dto: CrossAppConnectionDto): CrossAppConnection => ({
  providerAppId: dto.provider_app_id,
  providerAppName: dto.provider_app_name,
  providerAppIconUrl: dto.provider_app_icon_url,
  providerAppCustomApiUrl: dto.provider_app_custom_api_url,
  readOnly: dto.read_only,
  authorizeUrl: dto.provider_app_custom_auth_authorize_url,
  transactUrl: dto.provider_app_custom_auth_transact_url,
})

/** A user holds one account per provider user; the linked one is the cross_app account of that provider. */
const linkedSubject = (user: UserDto, providerAppId: string): string => {
  const account = user.linked_accounts.find((candidate) => candidate.type === 'cross_app' && candidate.provider_app.id === providerAppId)
  return account && 'subject' in account ? account.subject : ''
}

/** `generation()` is flow.ts's counter, bumped by reset(): a flow that settles after it must not revive the old state. */
export function createCrossAppFlowSteps(options: CrossAppFlowOptions, generation: () => number) {
  const { state, transport } = options
  let popupWait: { popup: PopupWindow; wait: CrossAppPopupWait<CrossAppReturn> } | null = null
  /** The last connections fetched: transact refusals need no request, so they come before the popup. */
  let connections: CrossAppConnection[] | null = null
  const details = new Map<string, Promise<CrossAppProviderDetails | null>>()
  const tokens = createCrossAppTokenStore(options.storage, options.appId, 'token')

  const updateIfCurrent = (started: number, change: Partial<CrossAppFlowState>) => {
    if (started === generation()) state.update((current) => ({ ...current, ...change }))
  }

  async function getConnections(): Promise<CrossAppConnection[]> {
    connections = (await getCrossAppConnections(transport, options.appId)).connections.map(toConnection)
    return connections
  }

  /**
   * Document 2 §4: a read-only connection is refused (`cross_app_read_only`), as is an unknown one, a signed-out user
   * or an address that is not the cross-app account's; answers the account's wallet the request is for.
   */
  function refuseTransact({ providerAppId, address }: CrossAppTransactTarget, known: CrossAppConnection[]): string {
    if (!options.isAuthenticated()) throw mustBeAuthenticatedError()
    const connection = known.find((candidate) => candidate.providerAppId === providerAppId)
    if (!connection) throw invalidConnectedAppError()
    if (connection.readOnly) throw crossAppReadOnlyError()
    return crossAppAccountAddress(options.getUser(), providerAppId, address)
  }

  /**
   * Inside the click, with the connections already known: the refusals, then the popup (null: not known yet, the
   * transact step checks and opens it after fetching them).
   */
  function openTransactPopup(target: CrossAppTransactTarget, requireWindow: () => OAuthWindow): PopupWindow | null {
    if (!connections) return null
    refuseTransact(target, connections)
    const popup = openOAuthPopup(requireWindow())
    if (!popup) throw popupBlockedError()
    return popup
  }

  /** Sends the request to the provider's transact page and returns its result (state code checked, token action applied). */
  async function transact({ providerAppId, address, toRequest, requireWindow, popup }: StartedCrossAppTransact): Promise<string> {
    try {
      const request = toRequest(refuseTransact({ providerAppId, address }, connections ?? await getConnections()))
      const userId = options.getUser()?.id
      const token = userId && await tokens.get(userId, providerAppId)
      if (!userId || !token) throw crossAppRequestError(CROSS_APP_NO_TOKEN_MESSAGE)
      const win = requireWindow()
      popup ??= openOAuthPopup(win)
      if (!popup) throw popupBlockedError()
      // The server's own refusals (read-only, no account of that provider) and the provider's transact page.
      const { transact_url: transactUrl } = await initCrossAppTransact(transport, { provider_app_id: providerAppId })
      const stateCode = randomOAuthSecret()
      const url = transactRequestUrl(transactUrl, { requesterAppId: options.appId, requesterOrigin: win.location.origin, stateCode, token, request })
      popup.location.href = url.href
      const answer = await waitForCrossAppAction(win, popup, url.origin).result
      if (answer.stateCode !== stateCode) {
        void options.sendAnalyticsEvent('possible_phishing_attempt', { flow: 'cross-app-transact', provider_app_id: providerAppId })
        throw oauthPhishingError()
      }
      if (answer.tokenAction) await tokens.apply(userId, providerAppId, answer.tokenAction)
      if (answer.result !== undefined) return answer.result
      throw answer.error === CROSS_APP_REJECTED_MESSAGE ? crossAppRejectedError() : crossAppRequestError(answer.error ?? '')
    } catch (caught) {
      popup?.close()
      throw caught
    }
  }

  /** Document 2 §7: fetched once per app; a failure is logged and answers null (the caller falls back to what it has). */
  function getProviderDetails(providerAppId: string): Promise<CrossAppProviderDetails | null> {
    const cached = details.get(providerAppId)
    if (cached) return cached
    const loaded = getCrossAppDetails(transport, providerAppId).then(
      (dto) => ({ appId: dto.id, name: dto.name, iconUrl: dto.icon_url }),
      (error: unknown) => {
        console.warn(`[tessera] Could not load the details of cross-app provider ${providerAppId}`, error)
        details.delete(providerAppId)
        return null
      },
    )
    details.set(providerAppId, loaded)
    return loaded
  }

  async function proceed({ started, providerAppId, intent, win, popup }: StartedCrossAppFlow): Promise<User> {
    try {
      const connection = (await getConnections()).find((candidate) => candidate.providerAppId === providerAppId)
      if (!connection?.authorizeUrl) throw invalidConnectedAppError()
      const stateCode = randomOAuthSecret()
      const codeVerifier = randomOAuthSecret()
      const url = authorizationRequestUrl(connection.authorizeUrl, {
        requesterAppId: options.appId,
        requesterOrigin: win.location.origin,
        stateCode,
        codeChallenge: await codeChallengeS256(codeVerifier),
      })
      if (started !== generation()) throw exitedFlowError(intent)
      popup.location.href = url.href
      const wait = waitForCrossAppReturn(win, popup, url.origin)
      popupWait = { popup, wait }
      const returned = await wait.result
      // Document 2 §4: the state code must match the one this browser stored.
      if (returned.stateCode !== stateCode) {
        void options.sendAnalyticsEvent('possible_phishing_attempt', { flow: 'cross-app', provider_app_id: providerAppId })
        throw oauthPhishingError()
      }
      updateIfCurrent(started, { status: 'authenticating', error: null })
      const body = { provider_app_id: providerAppId, authorization_code: returned.authorizationCode, state_code: stateCode, code_verifier: codeVerifier }
      const method = crossAppMethod(providerAppId)
      const user = intent === 'link'
        ? await linkCrossApp(transport, body).then((dto) => options.accountChanges.linked(dto, method, linkedSubject(dto, providerAppId)))
        : await options.authenticate(method, () => authenticateCrossApp(transport, { ...body, mode: 'login-or-sign-up' }))
      // Document 2 §4: the provider's token for later transact requests, kept for this user only.
      if (returned.tokenAction) await tokens.apply(user.id, providerAppId, returned.tokenAction)
      updateIfCurrent(started, { status: 'done', error: null })
      return user
    } finally {
      if (popupWait?.popup === popup) popupWait = null
    }
  }

  async function unlink(providerAppId: string, subject: string): Promise<User> {
    if (!options.isAuthenticated()) throw mustBeAuthenticatedError()
    return options.accountChanges.unlinked(await unlinkCrossApp(transport, { provider_app_id: providerAppId, subject }), crossAppMethod(providerAppId))
  }

  function cancelPopup(reason: TesseraError) {
    if (!popupWait) return
    popupWait.popup.close()
    popupWait.wait.cancel(reason)
    popupWait = null
  }

  /** The token the provider app set for the signed-in user, or null. */
  async function accessTokenFor(providerAppId: string): Promise<string | null> {
    const userId = options.getUser()?.id
    return userId ? tokens.get(userId, providerAppId) : null
  }

  return { proceed, getConnections, unlink, cancelPopup, openTransactPopup, transact, getProviderDetails, accessTokenFor }
}
