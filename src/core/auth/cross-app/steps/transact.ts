import { mustBeAuthenticatedError, oauthPhishingError, popupBlockedError } from '../../../errors/client-errors.js'
import type { CrossAppConnection, CrossAppTransactTarget } from '../types.js'
import type { OAuthWindow, PopupWindow } from '../../oauth/browser-window.js'
import { openOAuthPopup } from '../../oauth/open-popup.js'
import { randomOAuthSecret } from '../../oauth/pkce.js'
import { initCrossAppTransact } from '../api.js'
import {
  CROSS_APP_NO_TOKEN_MESSAGE,
  CROSS_APP_REJECTED_MESSAGE,
  crossAppReadOnlyError,
  crossAppRejectedError,
  crossAppRequestError,
  invalidConnectedAppError,
} from '../errors.js'
import { waitForCrossAppAction } from '../popup-wait.js'
import { transactRequestUrl } from '../transact-request.js'
import { crossAppAccountAddress } from '../wallet-address.js'
import { getConnections, type CrossAppRuntime } from './runtime.js'
import type { StartedCrossAppTransact } from './types.js'

/**
 * Wallet spec, "States and transitions": a read-only connection is refused (`cross_app_read_only`), as is an unknown one, a signed-out user
 * or an address that is not the cross-app account's; answers the account's wallet the request is for.
 */
function refuseTransact({ options }: CrossAppRuntime, { providerAppId, address }: CrossAppTransactTarget, known: CrossAppConnection[]): string {
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
export function openTransactPopup(runtime: CrossAppRuntime, target: CrossAppTransactTarget, requireWindow: () => OAuthWindow): PopupWindow | null {
  if (!runtime.connections) return null
  refuseTransact(runtime, target, runtime.connections)
  const popup = openOAuthPopup(requireWindow())
  if (!popup) throw popupBlockedError()
  return popup
}

/** Sends the request to the provider's transact page and returns its result (state code checked, token action applied). */
export async function transact(
  runtime: CrossAppRuntime,
  { providerAppId, address, toRequest, requireWindow, popup }: StartedCrossAppTransact,
): Promise<string> {
  const { options, tokens } = runtime
  try {
    const request = toRequest(refuseTransact(runtime, { providerAppId, address }, runtime.connections ?? (await getConnections(runtime))))
    const userId = options.getUser()?.id
    const token = userId && (await tokens.get(userId, providerAppId))
    if (!userId || !token) throw crossAppRequestError(CROSS_APP_NO_TOKEN_MESSAGE)
    const win = requireWindow()
    popup ??= openOAuthPopup(win)
    if (!popup) throw popupBlockedError()
    // The server's own refusals (read-only, no account of that provider) and the provider's transact page.
    const { transact_url: transactUrl } = await initCrossAppTransact(options.transport, { provider_app_id: providerAppId })
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
