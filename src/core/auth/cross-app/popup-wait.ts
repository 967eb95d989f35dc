/** The requester's side of the provider popup (wallet spec, "States and transitions": "Cross-app request"): one answer, a time-out, or the popup closed. */
import { CROSS_APP_POPUP_CLOSED_POLL_MS, CROSS_APP_REQUEST_TIMEOUT_MS, crossAppMessageTypes, type CrossAppTokenAction } from '../../../protocol/index.js'
import type { TesseraError } from '../../errors/base-error.js'
import type { MessageEventLike, OAuthWindow, PopupWindow } from '../oauth/browser-window.js'
import { crossAppInvalidCodeError, crossAppRejectedError, crossAppRequestError, crossAppTimeoutError, CROSS_APP_REJECTED_MESSAGE } from './errors.js'

export interface CrossAppReturn {
  stateCode: string
  authorizationCode: string
  tokenAction: CrossAppTokenAction | null
}
/** A transact page's answer: a result or the provider's error, each with the state code it echoes. */
export interface CrossAppActionReturn {
  stateCode: string
  tokenAction: CrossAppTokenAction | null
  result?: string
  error?: string
}

export interface CrossAppPopupWait<T> {
  result: Promise<T>
  /** Stops listening and rejects `result` with `reason`. */
  cancel(reason: TesseraError): void
}

type Message = Partial<Record<string, unknown>>
/** A message's meaning: a value, an error, or nothing (not an answer: keep waiting). */
type ReadAnswer<T> = (data: Message) => { value: T } | { error: TesseraError } | undefined

/** `set` with a token or `clear`; anything else is no action. */
export function tokenActionOf(value: unknown): CrossAppTokenAction | null {
  const action = value as Message | null
  if (action?.action === 'clear') return { action: 'clear' }
  return action?.action === 'set' && typeof action.token === 'string' && action.token ? { action: 'set', token: action.token } : null
}

/**
 * Waits for the popup's answer: only from `providerOrigin` and from this popup. A popup found closed on two
 * polls in a row is a rejection (one poll of grace lets a message posted just before `close()` arrive first);
 * after CROSS_APP_REQUEST_TIMEOUT_MS the request times out.
 */
export function waitForPopupAnswer<T>(win: OAuthWindow, popup: PopupWindow, providerOrigin: string, read: ReadAnswer<T>): CrossAppPopupWait<T> {
  let settle: { resolve(value: T): void; reject(error: TesseraError): void }
  const result = new Promise<T>((resolve, reject) => {
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
    const answer = read((event.data ?? {}) as Message)
    if (answer) finish(() => ('value' in answer ? settle.resolve(answer.value) : settle.reject(answer.error)))
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

/** The authorize page's answer: the code for this browser's state code, or a rejection. */
export function waitForCrossAppReturn(win: OAuthWindow, popup: PopupWindow, providerOrigin: string): CrossAppPopupWait<CrossAppReturn> {
  return waitForPopupAnswer<CrossAppReturn>(win, popup, providerOrigin, (data) => {
    if (data.type === crossAppMessageTypes.response) {
      const { state_code: stateCode, authorization_code: authorizationCode } = data
      if (typeof stateCode !== 'string' || typeof authorizationCode !== 'string') return { error: crossAppInvalidCodeError() }
      return { value: { stateCode, authorizationCode, tokenAction: tokenActionOf(data.token_action) } }
    }
    if (data.type === crossAppMessageTypes.error) {
      return { error: data.error === CROSS_APP_REJECTED_MESSAGE ? crossAppRejectedError() : crossAppInvalidCodeError(data.error) }
    }
    return undefined
  })
}

/** The transact page's answer, checked by the caller (state code first, then the token action, then the result). */
export function waitForCrossAppAction(win: OAuthWindow, popup: PopupWindow, providerOrigin: string): CrossAppPopupWait<CrossAppActionReturn> {
  return waitForPopupAnswer<CrossAppActionReturn>(win, popup, providerOrigin, (data) => {
    const isResponse = data.type === crossAppMessageTypes.actionResponse
    if (!isResponse && data.type !== crossAppMessageTypes.actionError) return undefined
    const answer = isResponse ? data.result : data.error
    if (typeof data.state_code !== 'string' || typeof answer !== 'string')
      return { error: crossAppRequestError('Cross app request returned an invalid result') }
    const value: CrossAppActionReturn = { stateCode: data.state_code, tokenAction: tokenActionOf(data.token_action) }
    return { value: isResponse ? { ...value, result: answer } : { ...value, error: answer } }
  })
}
