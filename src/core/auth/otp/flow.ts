/**
 * The one-time code flow shared by email and SMS (sign-in spec, "States and transitions": "One-time code"):
 * initial → sending-code → awaiting-code-input → submitting-code → done | error, for the login, link and update intents.
 * Only the synchronous checks and state changes live here; the channel (identifier rules, routes) and the requests
 * (flow-steps.ts) load with the first code sent or unlink, so the landing draws its input without them.
 */
import { OTP_LENGTH } from '../../../protocol/index.js'
import { invalidCodeFormatError, mustBeAuthenticatedError, noAuthFlowError, toTesseraError } from '../../errors/client-errors.js'
import type { LoginWithCodeOptions, OtpFlow, OtpFlowOptions, OtpFlowState, SendCodeOptions } from './types.js'
import type { User } from '../../user/types.js'
import { lazily } from '../../utils/lazily.js'
import { singleFlight } from '../../utils/single-flight.js'
import { assertIntentAllowed } from '../assert-intent-allowed.js'

export const initialOtpFlowState: OtpFlowState = {
  status: 'initial',
  intent: 'login',
  identifier: null,
  previousIdentifier: null,
  error: null,
  codeSentAt: null,
}

const codePattern = new RegExp(`^\\d{${OTP_LENGTH}}$`)

export type OtpFlowActions = OtpFlow & { unlink(identifier: string): Promise<User> }

export function createOtpFlow(options: OtpFlowOptions): OtpFlowActions {
  const { state } = options
  // Bumped by reset(): a request that settles after the modal closed must not revive the old flow.
  let generation = 0
  const updateIfCurrent = (started: number, change: (current: OtpFlowState) => OtpFlowState) => {
    if (started === generation) state.update(change)
  }
  const steps = lazily(() =>
    Promise.all([import('./flow-steps.js'), options.loadChannel()]).then(([{ createOtpFlowSteps }, channel]) =>
      createOtpFlowSteps({ ...options, channel }, updateIfCurrent),
    ),
  )

  async function fail(started: number, error: unknown): Promise<never> {
    const tesseraError = toTesseraError(error)
    updateIfCurrent(started, (current) => ({ ...current, status: 'error', error: tesseraError }))
    throw tesseraError
  }

  async function sendCode(raw: string, sendOptions: SendCodeOptions = {}): Promise<void> {
    const { intent = 'login', captchaToken } = sendOptions
    const started = generation
    try {
      assertIntentAllowed(intent, options.isAuthenticated())
      // Busy at once (the button disables); the identifier takes its normalised form once checked.
      const typed = { identifier: raw.trim(), previousIdentifier: intent === 'update' ? (sendOptions.previousIdentifier?.trim() ?? null) : null }
      state.set({ ...state.get(), status: 'sending-code', intent, ...typed, error: null })
      await (await steps.load()).send(started, raw, { intent, captchaToken, previousIdentifier: typed.previousIdentifier })
    } catch (error) {
      return fail(started, error)
    }
  }

  // A second submission while one runs (double click, auto-submit) shares it: the code is single use.
  const submitCode = singleFlight(async (rawCode: string, loginOptions: LoginWithCodeOptions = {}): Promise<User> => {
    const flow = state.get()
    const { identifier } = flow
    const code = rawCode.replace(/\s+/g, '')
    const started = generation
    try {
      assertIntentAllowed(flow.intent, options.isAuthenticated())
      if (!identifier || flow.codeSentAt === null) throw noAuthFlowError()
      if (!codePattern.test(code)) throw invalidCodeFormatError()
      state.update((current) => ({ ...current, status: 'submitting-code', error: null }))
      const user = await (await steps.load()).complete(code, identifier, flow, loginOptions)
      updateIfCurrent(started, (current) => ({ ...current, status: 'done', error: null }))
      return user
    } catch (error) {
      return fail(started, error)
    }
  })

  async function unlink(raw: string): Promise<User> {
    if (!options.isAuthenticated()) throw mustBeAuthenticatedError()
    return (await steps.load()).unlink(raw)
  }

  function reset() {
    generation++
    state.set(initialOtpFlowState)
  }

  return { sendCode, submitCode, loginWithCode: submitCode, unlink, reset }
}
