/** The email one-time code flow (document 1 §4 "One-time code"): initial → sending-code → awaiting-code-input → submitting-code → done | error. */
import { OTP_LENGTH, type AuthMode, type AuthenticatedUserDto } from '../../../protocol/index.js'
import { authenticatePasswordless, initPasswordless } from '../../api/passwordless.js'
import type { Transport } from '../../api/transport.js'
import type { EffectiveConfig } from '../../config/types.js'
import {
  alreadyLoggedInError,
  invalidCodeFormatError,
  invalidEmailError,
  noAuthFlowError,
  plusEmailError,
  toTesseraError,
} from '../../errors/client-errors.js'
import type { EmailFlowState, LoginWithCodeOptions, TesseraClient } from '../../types.js'
import type { User } from '../../user/types.js'
import type { Store } from '../../utils/store.js'
import { hasPlusAddress, isValidEmail } from './validation.js'

export const initialEmailFlowState: EmailFlowState = { status: 'initial', email: null, error: null, codeSentAt: null }

export interface EmailFlowOptions {
  state: Store<EmailFlowState>
  transport: Transport
  getConfig(): EffectiveConfig
  isAuthenticated(): boolean
  /** Runs one authentication at a time across login methods; stores the session and announces the login. */
  authenticate(login: () => Promise<AuthenticatedUserDto>): Promise<User>
  now?: () => number
}

export function createEmailFlow(options: EmailFlowOptions): TesseraClient['email'] {
  const { state, transport } = options
  const now = options.now ?? Date.now
  // Bumped by reset(): a request that settles after the modal closed must not revive the old flow.
  let generation = 0
  const updateIfCurrent = (started: number, change: (current: EmailFlowState) => EmailFlowState) => {
    if (started === generation) state.update(change)
  }

  async function fail(started: number, error: unknown): Promise<never> {
    const tesseraError = toTesseraError(error)
    updateIfCurrent(started, (current) => ({ ...current, status: 'error', error: tesseraError }))
    throw tesseraError
  }

  async function sendCode(rawEmail: string, sendOptions: { captchaToken?: string } = {}): Promise<void> {
    const email = rawEmail.trim()
    const started = generation
    try {
      if (options.isAuthenticated()) throw alreadyLoggedInError()
      if (!isValidEmail(email)) throw invalidEmailError()
      if (options.getConfig().disablePlusEmails && hasPlusAddress(email)) throw plusEmailError()
      state.set({ ...state.get(), status: 'sending-code', email, error: null })
      await initPasswordless(transport, email, sendOptions.captchaToken)
      updateIfCurrent(started, () => ({ status: 'awaiting-code-input', email, error: null, codeSentAt: now() }))
    } catch (error) {
      return fail(started, error)
    }
  }

  async function loginWithCode(rawCode: string, loginOptions: LoginWithCodeOptions = {}): Promise<User> {
    const { email } = state.get()
    const code = rawCode.replace(/\s+/g, '')
    const started = generation
    try {
      if (options.isAuthenticated()) throw alreadyLoggedInError()
      if (!email) throw noAuthFlowError()
      if (!new RegExp(`^\\d{${OTP_LENGTH}}$`).test(code)) throw invalidCodeFormatError()
      const mode: AuthMode = loginOptions.mode ?? (loginOptions.disableSignup ? 'no-signup' : 'login-or-sign-up')
      state.update((current) => ({ ...current, status: 'submitting-code', error: null }))
      const user = await options.authenticate(() => authenticatePasswordless(transport, { email, code, mode }))
      updateIfCurrent(started, (current) => ({ ...current, status: 'done', error: null }))
      return user
    } catch (error) {
      return fail(started, error)
    }
  }

  function reset() {
    generation++
    state.set(initialEmailFlowState)
  }

  return { sendCode, loginWithCode, reset }
}
