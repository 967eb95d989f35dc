/**
 * The part of the CAPTCHA that gets a token: ALTCHA's challenge and proof of work, or Cloudflare's Turnstile
 * widget. Loaded as one chunk with the first `execute()`; flow.ts keeps only the state.
 */
import { getCaptchaChallenge } from '../api/captcha.js'
import { captchaFailureError } from '../errors/client-errors.js'
import { altchaToken, solveAltcha } from './altcha/solve.js'
import { EXPIRED_AND_FAILED_RESET, type CaptchaOptions, type CaptchaState } from './types.js'
import { captchaStateFor } from './site-key.js'
import type { TurnstileHost } from './turnstile/api.js'
import { loadTurnstile } from './turnstile/load-script.js'
import { createTurnstileWidget, type TurnstileWidget } from './turnstile/widget.js'

export interface CaptchaSolver {
  /** A fresh token from the provider; `signal` stops an ALTCHA run. */
  token(provider: NonNullable<CaptchaState['provider']>, key: string, signal: AbortSignal): Promise<string>
  /** Removes the Turnstile widget, if one was rendered. */
  destroy(): void
}

// The DOM's element types are wider than the slice the adapter declares, hence the cast at this one boundary.
const browserHost = (): TurnstileHost | null => (typeof window === 'undefined' ? null : (window as unknown as TurnstileHost))

export function createCaptchaSolver(options: CaptchaOptions): CaptchaSolver {
  const { state, transport } = options
  let turnstile: { siteKey: string; widget: Promise<TurnstileWidget> } | null = null

  async function solveAltchaToken(signal: AbortSignal): Promise<string> {
    const challenge = await getCaptchaChallenge(transport, signal)
    const number = await solveAltcha(challenge, { signal, createWorker: options.createWorker })
    if (number === null) throw captchaFailureError()
    return altchaToken(challenge, number)
  }

  /** Sign-in spec, "States and transitions": an expired token resets the widget; when that fails the state says so. */
  function onExpired(widget: TurnstileWidget) {
    try {
      widget.reset()
      if (state.get().status === 'success') state.set(captchaStateFor(options.getConfig()))
    } catch {
      // The next execute renders a new widget.
      removeTurnstile()
      state.set({ status: 'error', provider: 'turnstile', token: null, error: EXPIRED_AND_FAILED_RESET })
    }
  }

  function turnstileWidget(siteKey: string): Promise<TurnstileWidget> {
    if (turnstile?.siteKey === siteKey) return turnstile.widget
    removeTurnstile()
    const host = (options.host ?? browserHost)()
    if (!host) return Promise.reject(captchaFailureError())
    const widget = (async () => {
      const api = await loadTurnstile(host, options.turnstileScriptUrl)
      const created: TurnstileWidget = createTurnstileWidget(host, api, {
        siteKey,
        action: options.getConfig().appId,
        onExpired: () => onExpired(created),
      })
      return created
    })()
    const entry = { siteKey, widget }
    turnstile = entry
    // A failed load or render is retried on the next execute.
    widget.catch(() => {
      if (turnstile === entry) turnstile = null
    })
    return widget
  }

  function removeTurnstile() {
    turnstile?.widget.then((widget) => widget.remove()).catch(() => undefined)
    turnstile = null
  }

  return {
    token: async (provider, key, signal) => (provider === 'altcha' ? solveAltchaToken(signal) : (await turnstileWidget(key)).execute()),
    destroy: removeTurnstile,
  }
}
