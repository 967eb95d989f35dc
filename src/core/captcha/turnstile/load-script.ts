import { captchaFailureError } from '../../errors/client-errors.js'
import type { TurnstileApi, TurnstileHost } from './api.js'

export const TURNSTILE_SCRIPT_URL = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit'

const loading = new WeakMap<TurnstileHost, Promise<TurnstileApi>>()

/** Adds Turnstile's script once per page and resolves with `window.turnstile`; a failed load may be retried. */
export function loadTurnstile(host: TurnstileHost, scriptUrl = TURNSTILE_SCRIPT_URL): Promise<TurnstileApi> {
  if (host.turnstile) return Promise.resolve(host.turnstile)
  let promise = loading.get(host)
  if (!promise) {
    promise = new Promise<TurnstileApi>((resolve, reject) => {
      const script = host.document.createElement('script')
      script.src = scriptUrl
      script.async = true
      script.addEventListener('load', () => (host.turnstile ? resolve(host.turnstile) : reject(captchaFailureError())), { once: true })
      script.addEventListener('error', () => reject(captchaFailureError()), { once: true })
      host.document.head.appendChild(script)
    })
    promise.catch(() => loading.delete(host))
    loading.set(host, promise)
  }
  return promise
}
