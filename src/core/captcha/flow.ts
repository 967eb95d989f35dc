/**
 * The CAPTCHA state (sign-in spec, "States and transitions": "CAPTCHA"): disabled | ready → loading → success (token) | error.
 * ALTCHA solves a proof of work from our server; Turnstile runs Cloudflare's invisible widget. Only the state
 * lives here: the solver (solver.ts) loads with the first `execute()`, each provider's code after it.
 */
import { TesseraError } from '../errors/base-error.js'
import { CAPTCHA_FAILED_MESSAGE, captchaDisabledError, captchaFailureError } from '../errors/client-errors.js'
import type { CaptchaOptions } from './types.js'
import type { TesseraClient } from '../types.js'
import { lazily } from '../utils/lazily.js'
import { captchaStateFor, parseCaptchaSiteKey } from './site-key.js'

export interface CaptchaController extends Readonly<TesseraClient['captcha']> {
  /** Back to the resting state of the current config (the client calls it when the config changes). */
  syncConfig(): void
  destroy(): void
}

export function createCaptcha(options: CaptchaOptions): CaptchaController {
  const { state } = options
  // Bumped by reset(): a result that arrives after it is dropped.
  let generation = 0
  let inFlight: Promise<string> | null = null
  let solving: AbortController | null = null
  const solver = lazily(() => import('./solver.js').then(({ createCaptchaSolver }) => createCaptchaSolver(options)))

  const restingState = () => captchaStateFor(options.getConfig())

  async function run(): Promise<string> {
    const started = generation
    const config = options.getConfig()
    if (!config.captchaEnabled) throw captchaDisabledError()
    const { provider, key } = parseCaptchaSiteKey(config.captchaSiteKey)
    const current = state.get()
    if (current.status === 'success' && current.token) return current.token
    state.set({ status: 'loading', provider, token: null, error: null })
    const controller = new AbortController()
    solving = controller
    try {
      const token = await (await solver.load()).token(provider, key, controller.signal)
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
      solver.loaded()?.destroy()
    },
  }
}
