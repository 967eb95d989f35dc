/**
 * The Telegram login widget's protocol (telegram.org/js/telegram-widget.js): `GET <host>/auth?bot_id&origin&
 * request_access&lang` in a popup that posts `{"event":"auth_result","result":{...}|false}` (a JSON string) back to
 * its opener; with `return_to` the page itself goes there and comes back with the signed fields in its address.
 */
import type { MessageEventLike, OAuthWindow, PopupWindow } from '../oauth/browser-window.js'
import type { TelegramSignedData } from '../../../protocol/index.js'

export interface WidgetRequest {
  host: string
  botId: string
  origin: string
  /** Set for the redirect variant: where Telegram sends the page back to. */
  returnTo?: string
}

export function widgetUrl({ host, botId, origin, returnTo }: WidgetRequest): string {
  const url = new URL('/auth', host)
  url.searchParams.set('bot_id', botId)
  url.searchParams.set('origin', origin)
  url.searchParams.set('request_access', 'write')
  // Sign-in spec, "The calls it makes": the widget runs in English.
  url.searchParams.set('lang', 'en')
  if (returnTo) url.searchParams.set('return_to', returnTo)
  return url.href
}

/** How often a closed popup is noticed (Telegram's script checks every 100 ms too). */
const CLOSED_POLL_MS = 100
/** A popup reads as closed as soon as it calls close(), maybe before its last message reaches us: wait that long for it. */
const CLOSED_GRACE_MS = 300

/**
 * The signed result the popup posts; null when the user declined or closed it. Messages from any other window or
 * origin are ignored, so another page cannot hand us a result.
 */
export function popupResult(win: OAuthWindow, popup: PopupWindow, host: string, signal: AbortSignal): Promise<TelegramSignedData | null> {
  const expectedOrigin = new URL(host).origin
  return new Promise((resolve) => {
    let closedTimer: ReturnType<typeof setTimeout> | undefined
    const finish = (result: TelegramSignedData | null) => {
      win.removeEventListener('message', onMessage)
      clearInterval(poll)
      clearTimeout(closedTimer)
      signal.removeEventListener('abort', onAbort)
      resolve(result)
    }
    const onMessage = (event: MessageEventLike) => {
      if (event.source !== popup || event.origin !== expectedOrigin || typeof event.data !== 'string') return
      let message: { event?: unknown; result?: unknown }
      try {
        message = JSON.parse(event.data) as typeof message
      } catch {
        return
      }
      if (message.event !== 'auth_result') return
      finish(isSignedData(message.result) ? message.result : null)
    }
    const onAbort = () => {
      if (!popup.closed) popup.close()
      finish(null)
    }
    const poll = setInterval(() => {
      if (!popup.closed) return
      clearInterval(poll)
      closedTimer = setTimeout(() => finish(null), CLOSED_GRACE_MS)
    }, CLOSED_POLL_MS)
    win.addEventListener('message', onMessage)
    signal.addEventListener('abort', onAbort)
  })
}

function isSignedData(value: unknown): value is TelegramSignedData {
  return typeof value === 'object' && value !== null && Object.values(value).every((field) => typeof field === 'string' || typeof field === 'number')
}
