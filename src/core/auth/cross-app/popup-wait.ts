/** The requester's side of the provider popup (document 2 §4 "Cross-app request"): one answer, a time-out, or the popup closed. */
import { CROSS_APP_POPUP_CLOSED_POLL_MS, CROSS_APP_REQUEST_TIMEOUT_MS, crossAppMessageTypes } from '../../../protocol/index.js'
import type { TesseraError } from '../../errors/base-error.js'
import type { MessageEventLike, OAuthWindow, PopupWindow } from '../oauth/browser-window.js'
import { crossAppInvalidCodeError, crossAppRejectedError, crossAppTimeoutError, CROSS_APP_REJECTED_MESSAGE } from './errors.js'

export interface CrossAppReturn { stateCode: string; authorizationCode: string }

export interface CrossAppPopupWait {
  result: Promise<CrossAppReturn>
  /** Stops listening and rejects `result` with `reason`. */
  cancel(reason: TesseraError): void
}

/**
 * Waits for the popup's answer: only from `providerOrigin` and from this popup. A popup found closed on two
 * polls in a row is a rejection (one poll of grace lets a message posted just before `close()` arrive first);
 * after CROSS_APP_REQUEST_TIMEOUT_MS the request times out.
 */
export function waitForCrossAppReturn(win: OAuthWindow, popup: PopupWindow, providerOrigin: string): CrossAppPopupWait {
  let settle: { resolve(value: CrossAppReturn): void; reject(error: TesseraError): void }
  const result = new Promise<CrossAppReturn>((resolve, reject) => {
    settle = { resolve, reject }
  })
  let closedPolls = 0
  const poll = setInterval(() => {
    closedPolls = popup.closed ? closedPolls + 1 : 0
    if (closedPolls >= 2) finish(() => settle.reject(crossAppRejectedError()))
  }, CROSS_APP_POPUP_CLOSED_POLL_MS)
  const timeout = setTimeout(() => finish(() => settle.reject(crossAppTimeoutError())), CROSS_APP_REQUEST_TIMEOUT_MS)

  function onMessage(event: MessageEventLike) {
    if (event.origin !== providerOrigin || event.source !== popup) return
    const data = event.data as Partial<Record<string, unknown>> | null
    if (data?.type === crossAppMessageTypes.response) {
      const { state_code: stateCode, authorization_code: authorizationCode } = data
      if (typeof stateCode !== 'string' || typeof authorizationCode !== 'string') return finish(() => settle.reject(crossAppInvalidCodeError()))
      finish(() => settle.resolve({ stateCode, authorizationCode }))
    } else if (data?.type === crossAppMessageTypes.error) {
      finish(() => settle.reject(data.error === CROSS_APP_REJECTED_MESSAGE ? crossAppRejectedError() : crossAppInvalidCodeError(data.error)))
    }
  }

  function finish(settleWith: () => void) {
    clearInterval(poll)
    clearTimeout(timeout)
    win.removeEventListener('message', onMessage)
    settleWith()
  }

  win.addEventListener('message', onMessage)
  return { result, cancel: (reason) => finish(() => settle.reject(reason)) }
}
