/**
 * The CAPTCHA state (document 1 §4 "CAPTCHA"): disabled | ready → loading → success (token) | error.
 * ALTCHA solves a proof of work from our server; Turnstile runs Cloudflare's invisible widget. Both load lazily.
 */
import { getCaptchaChallenge } from '../api/captcha.js'
import type { Transport } from '../api/transport.js'
import type { EffectiveConfig } from '../config/types.js'
import { TesseraError } from '../errors/base-error.js'
import { CAPTCHA_FAILED_MESSAGE, captchaDisabledError, captchaFailureError } from '../errors/client-errors.js'
import type { CaptchaState, TesseraClient } from '../types.js'
import type { Store } from '../utils/store.js'
import type { SolveOptions } from './altcha/solve.js'
import { captchaStateFor, parseCaptchaSiteKey } from './site-key.js'
import type { TurnstileHost } from './turnstile/api.js'
import type { TurnstileWidget } from './turnstile/widget.js'

/** The state error when an expired token could not be refreshed. */
export const EXPIRED_AND_FAILED_RESET = 'expired_and_failed_reset'

export interface CaptchaOptions {
  state: Store<CaptchaState>
  transport: Transport
  getConfig(): EffectiveConfig
  /** Replaces Turnstile's script (tests serve a stand-in on loopback). */
  turnstileScriptUrl?: string
  /** The page the Turnstile widget lives in; defaults to `window`. */
  host?: () => TurnstileHost | null
  /** How ALTCHA gets a worker; null solves on the main thread. */
  createWorker?: SolveOptions['createWorker']
}

export interface CaptchaController extends Readonly<TesseraClient['captcha']> {
  /** Back to the resting state of the current config (the client calls it when the config changes). */
  syncConfig(): void
  destroy(): void
}

// The DOM's element types are wider than the slice the adapter declares, hence the cast at this one boundary.
const browserHost = (): TurnstileHost | null => (typeof window === 'undefined' ? null : (window as unknown as TurnstileHost))

export function createCaptcha(options: CaptchaOptions): CaptchaController {
  const { state, transport } = options
  // Bumped by reset(): a result that arrives after it is dropped.
  let generation = 0
  let inFlight: Promise<string> | null = null
  let solving: AbortController | null = null
  let turnstile: { siteKey: string; widget: Promise<TurnstileWidget> } | null = null

  const restingState = () => captchaStateFor(options.getConfig())

  async function solveAltchaToken(): Promise<string> {
    const controller = new AbortController()
    solving = controller
    const [challenge, altcha] = await Promise.all([getCaptchaChallenge(transport, controller.signal), import('./altcha/solve.js')])
    const number = await altcha.solveAltcha(challenge, { signal: controller.signal, createWorker: options.createWorker })
    if (number === null) throw captchaFailureError()
    return altcha.altchaToken(challenge, number)
  }

  /** Document 1 §4: an expired token resets the widget; when that fails the state says so. */
  function onExpired(widget: TurnstileWidget) {
    try {
      widget.reset()
      if (state.get().status === 'success') state.set(restingState())
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
      const [{ loadTurnstile }, { createTurnstileWidget }] = await Promise.all([import('./turnstile/load-script.js'), import('./turnstile/widget.js')])
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

  async function run(): Promise<string> {
    const started = generation
    const config = options.getConfig()
    if (!config.captchaEnabled) throw captchaDisabledError()
    const { provider, key } = parseCaptchaSiteKey(config.captchaSiteKey)
    const current = state.get()
    if (current.status === 'success' && current.token) return current.token
    state.set({ status: 'loading', provider, token: null, error: null })
    try {
      const token = provider === 'altcha' ? await solveAltchaToken() : await (await turnstileWidget(key)).execute()
      if (started === generation) state.set({ status: 'success', provider, token, error: null })
      return token
    } catch (error) {
      if (started === generation) state.set({ status: 'error', provider, token: null, error: CAPTCHA_FAILED_MESSAGE })
      throw TesseraError.is(error) ? error : captchaFailureError(error)
    }
  }

  function execute(): Promise<string> {
    if (!inFlight) {
      const promise: Promise<string> = run().finally(() => {
        if (inFlight === promise) inFlight = null
      })
      inFlight = promise
    }
    return inFlight
  }

  function consumeToken(): string | null {
    const { status, token } = state.get()
    if (status !== 'success' || !token) return null
    state.set(restingState())
    return token
  }

  function reset() {
    generation++
    inFlight = null
    solving?.abort()
    solving = null
    state.set(restingState())
  }

  return {
    execute,
    consumeToken,
    reset,
    syncConfig() {
      const { status } = state.get()
      if (status !== 'loading' && status !== 'success') state.set(restingState())
    },
    destroy() {
      reset()
      removeTurnstile()
    },
  }
}
