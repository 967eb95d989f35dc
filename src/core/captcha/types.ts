/** The CAPTCHA slice of the client's state and what the CAPTCHA code needs, shared by flow.ts and the solver it loads. */
import type { Transport } from '../api/transport.js'
import type { EffectiveConfig } from '../config/types.js'
import type { Store } from '../utils/store.js'
import type { SolveOptions } from './altcha/solve.js'
import type { TurnstileHost } from './turnstile/api.js'

/** Sign-in spec, "States and transitions": "CAPTCHA". */
export type CaptchaStatus = 'disabled' | 'ready' | 'loading' | 'success' | 'error'
export interface CaptchaState {
  status: CaptchaStatus
  provider: 'altcha' | 'turnstile' | null
  /** Set in `success`; spent by the next call that sends it. */
  token: string | null
  /** 'Captcha failed', or 'expired_and_failed_reset' when an expiry could not reset. */
  error: string | null
}

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
