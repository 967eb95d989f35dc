/** The popup flow (sign-in spec, "Screens and routes"): the popup posts the OAuth return back to its opener (open-popup.ts opens it). */
import { oauthProviders, type OAuthProvider } from '../../../protocol/index.js'
import { OAUTH_INVALID_CODE_MESSAGE, oauthInvalidCodeError } from '../../errors/client-errors.js'
import type { TesseraError } from '../../errors/base-error.js'
import type { MessageEventLike, OAuthWindow, PopupWindow } from './browser-window.js'
import { OAUTH_USER_DENIED_MESSAGE, oauthUserDeniedError } from './errors.js'
import type { OAuthReturn } from './return-params.js'

export const OAUTH_RESPONSE_MESSAGE = 'tessera:oauth'
export const OAUTH_ERROR_MESSAGE = 'tessera:oauth:error'
export const POPUP_CLOSED_POLL_MS = 500

/** A login provider's return, or Google Drive recovery's (whose waiter is the cloud recovery's, never the login's). */
type PopupReturnProvider = OAuthProvider | 'google-drive'
const popupReturnProviders: readonly string[] = [...oauthProviders, 'google-drive']

export type OAuthPopupMessage =
  | { type: typeof OAUTH_RESPONSE_MESSAGE; stateCode: string; authorizationCode: string; provider: PopupReturnProvider; error?: string }
  | { type: typeof OAUTH_ERROR_MESSAGE; error: string }

/** The opener when this page runs in a popup opened by the same origin; null otherwise (a cross-origin opener throws). */
export function sameOriginOpener(win: OAuthWindow): OAuthWindow | null {
  try {
    const opener = win.opener as OAuthWindow | null
    if (!opener || opener === win) return null
    return opener.location.origin === win.location.origin ? opener : null
  } catch {
    return null
  }
}

/** Inside the popup: hands the return to the opener (never with target '*') and closes. */
export function postReturnToOpener(win: OAuthWindow, opener: OAuthWindow, returned: OAuthReturn): void {
  const message: OAuthPopupMessage = popupReturnProviders.includes(returned.provider)
    ? {
        type: OAUTH_RESPONSE_MESSAGE,
        stateCode: returned.stateCode,
        authorizationCode: returned.authorizationCode,
        provider: returned.provider as PopupReturnProvider,
        ...(returned.error ? { error: returned.error } : {}),
      }
    : { type: OAUTH_ERROR_MESSAGE, error: OAUTH_INVALID_CODE_MESSAGE }
  opener.postMessage(message, win.location.origin)
  win.close()
}

/** Sign-in spec, "The error catalogue": "OAuth": the denial message keeps its code; anything else is an invalid code. */
function errorFromMessage(error: unknown): TesseraError {
  return error === OAUTH_USER_DENIED_MESSAGE ? oauthUserDeniedError() : oauthInvalidCodeError(error)
}

export interface PopupWait {
  result: Promise<OAuthReturn>
  /** Stops listening and rejects `result` with `reason`. */
  cancel(reason: TesseraError): void
}

/**
 * Waits for the popup's message: only from this origin and from this popup. A popup found closed on two
 * polls in a row without a message ends with `onClosed()` (one poll of grace lets a message posted just
 * before `close()` arrive first).
 */
export function waitForPopupReturn(win: OAuthWindow, popup: PopupWindow, onClosed: () => TesseraError): PopupWait {
  let settle: { resolve(value: OAuthReturn): void; reject(error: TesseraError): void }
  const result = new Promise<OAuthReturn>((resolve, reject) => {
    settle = { resolve, reject }
  })
  let closedPolls = 0
  const timer = setInterval(() => {
    closedPolls = popup.closed ? closedPolls + 1 : 0
    if (closedPolls >= 2) finish(() => settle.reject(onClosed()))
  }, POPUP_CLOSED_POLL_MS)

  function onMessage(event: MessageEventLike) {
    if (event.origin !== win.location.origin || event.source !== popup) return
    const data = event.data as Partial<Record<string, unknown>> | null
    if (data?.type === OAUTH_RESPONSE_MESSAGE) {
      const { stateCode, authorizationCode, provider, error } = data
      if (
        typeof stateCode !== 'string' ||
        typeof authorizationCode !== 'string' ||
        typeof provider !== 'string' ||
        (error !== undefined && typeof error !== 'string')
      ) {
        return finish(() => settle.reject(oauthInvalidCodeError()))
      }
      finish(() => settle.resolve({ stateCode, authorizationCode, provider, ...(error ? { error } : {}) }))
    } else if (data?.type === OAUTH_ERROR_MESSAGE) {
      finish(() => settle.reject(errorFromMessage(data.error)))
    }
  }

  function finish(outcome: () => void) {
    clearInterval(timer)
    win.removeEventListener('message', onMessage)
    outcome()
  }

  win.addEventListener('message', onMessage)
  return { result, cancel: (reason) => finish(() => settle.reject(reason)) }
}
