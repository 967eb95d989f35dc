/**
 * The cross-app flow past its first, synchronous step (flow.ts): the connection, PKCE, the provider's popup,
 * the state check and the code exchange. Loaded on the first start, unlink or connections call.
 */
import type { CrossAppConnectionDto, UserDto } from '../../../protocol/index.js'
import type { TesseraError } from '../../errors/base-error.js'
import { exitedFlowError, mustBeAuthenticatedError, oauthPhishingError } from '../../errors/client-errors.js'
import type { CrossAppConnection, CrossAppFlowState } from '../../types.js'
import type { User } from '../../user/types.js'
import type { OAuthWindow, PopupWindow } from '../oauth/browser-window.js'
import { codeChallengeS256, randomOAuthSecret } from '../oauth/pkce.js'
import { authenticateCrossApp, getCrossAppConnections, linkCrossApp, unlinkCrossApp } from './api.js'
import { authorizationRequestUrl } from './authorization-request.js'
import { invalidConnectedAppError } from './errors.js'
import { crossAppMethod, type CrossAppFlowOptions } from './flow.js'
import { waitForCrossAppReturn, type CrossAppPopupWait } from './popup-wait.js'

export interface StartedCrossAppFlow {
  started: number
  providerAppId: string
  intent: 'login' | 'link'
  win: OAuthWindow
  popup: PopupWindow
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
  let popupWait: { popup: PopupWindow; wait: CrossAppPopupWait } | null = null

  const updateIfCurrent = (started: number, change: Partial<CrossAppFlowState>) => {
    if (started === generation()) state.update((current) => ({ ...current, ...change }))
  }

  async function getConnections(): Promise<CrossAppConnection[]> {
    return (await getCrossAppConnections(transport, options.appId)).connections.map(toConnection)
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

  return { proceed, getConnections, unlink, cancelPopup }
}
