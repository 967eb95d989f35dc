/**
 * The provider app's side (its own page, opened as the requester's popup): name the requester, then
 * answer the opener with a code for the signed-in user, or with a rejection. Messages go to the
 * requester's origin only, which the server checked against the requester app's allowed origins.
 */
import { crossAppMessageTypes } from '../../../protocol/index.js'
import type { Transport } from '../../api/transport.js'
import type { CrossAppAuthorizationRequest, CrossAppRequester } from '../../types.js'
import type { OAuthWindow } from '../oauth/browser-window.js'
import { authorizeCrossApp, getCrossAppRequester } from './api.js'
import { CROSS_APP_REJECTED_MESSAGE } from './errors.js'

/** The requester's window, or null when this page was not opened by one (or it went away). */
function openerOf(win: OAuthWindow): OAuthWindow | null {
  const opener = win.opener as OAuthWindow | null
  return opener && opener !== win ? opener : null
}

export function createProviderPage(transport: Transport) {
  async function getRequester(request: CrossAppAuthorizationRequest): Promise<CrossAppRequester> {
    const dto = await getCrossAppRequester(transport, request.requesterAppId)
    return { appId: dto.app_id, name: dto.name, iconUrl: dto.icon_url, readOnly: dto.read_only }
  }

  async function approve(win: OAuthWindow, request: CrossAppAuthorizationRequest): Promise<void> {
    const answer = await authorizeCrossApp(transport, {
      requester_app_id: request.requesterAppId,
      requester_origin: request.requesterOrigin,
      state_code: request.stateCode,
      code_challenge: request.codeChallenge,
    })
    openerOf(win)?.postMessage(
      { type: crossAppMessageTypes.response, state_code: request.stateCode, authorization_code: answer.authorization_code },
      answer.requester_origin,
    )
    win.close()
  }

  function deny(win: OAuthWindow, request: CrossAppAuthorizationRequest): void {
    try {
      // Nothing secret in a rejection, but it still goes to the named origin only (a malformed one throws: nobody to tell).
      openerOf(win)?.postMessage({ type: crossAppMessageTypes.error, error: CROSS_APP_REJECTED_MESSAGE }, request.requesterOrigin)
    } catch {
      // The requester still sees its popup close, which is a rejection too.
    }
    win.close()
  }

  return { getRequester, approve, deny }
}
