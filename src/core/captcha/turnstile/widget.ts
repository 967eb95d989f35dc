/** One invisible Turnstile widget in a hidden container; its token is awaited by polling (sign-in spec, "Business constants and limits"). */
import { TesseraError } from '../../errors/base-error.js'
import { CAPTCHA_FAILED_MESSAGE, captchaFailureError } from '../../errors/client-errors.js'
import { pollUntil } from '../poll.js'
import type { HostElement, TurnstileApi, TurnstileHost } from './api.js'

// Here rather than in client-errors.ts: only this lazily loaded widget raises it.
const captchaTimeoutError = () => new TesseraError({ code: 'captcha_timeout', shortMessage: CAPTCHA_FAILED_MESSAGE, retryable: true })

export interface TurnstileWidgetOptions {
  siteKey: string
  /** Sign-in spec, "Business constants and limits": the app id. */
  action: string
  /** The token expired; the owner resets the widget. */
  onExpired(): void
}

export interface TurnstileWidget {
  /** Runs the challenge and resolves with a fresh token (captcha_failure / captcha_timeout otherwise). */
  execute(): Promise<string>
  reset(): void
  remove(): void
}

export function createTurnstileWidget(host: TurnstileHost, api: TurnstileApi, options: TurnstileWidgetOptions): TurnstileWidget {
  const container: HostElement = host.document.createElement('div')
  container.setAttribute('aria-hidden', 'true')
  container.style.cssText = 'position:fixed;top:-10000px;left:-10000px;width:1px;height:1px;overflow:hidden'
  host.document.body.appendChild(container)

  let token: string | null = null
  let failure: string | null = null
  let executed = false
  const widgetId = api.render(container, {
    sitekey: options.siteKey,
    action: options.action,
    size: 'invisible',
    execution: 'execute',
    'refresh-expired': 'manual',
    callback: (value) => {
      token = value
    },
    'error-callback': (code) => {
      failure = code ?? 'error'
      return true
    },
    'expired-callback': () => {
      token = null
      options.onExpired()
    },
  })
  if (!widgetId) {
    container.remove()
    throw captchaFailureError()
  }
  const id = widgetId

  function reset() {
    token = null
    failure = null
    api.reset(id)
  }

  return {
    async execute() {
      // A widget runs once per reset: a second execute needs a fresh one.
      if (executed) reset()
      executed = true
      token = null
      failure = null
      api.execute(id)
      return pollUntil(() => {
        if (failure !== null) throw captchaFailureError(failure)
        return token ?? undefined
      }, captchaTimeoutError)
    },
    reset,
    remove() {
      api.remove(id)
      container.remove()
    },
  }
}
