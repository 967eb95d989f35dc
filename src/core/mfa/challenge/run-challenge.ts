import { MFA_ATTEMPTS, MFA_OVERALL_LIMIT_MS } from '../../../protocol/index.js'
import type { TesseraError } from '../../errors/base-error.js'
import { toTesseraError } from '../../errors/client-errors.js'
import type { MfaGatedCall, MfaReason } from './types.js'
import { classifyMfaFailure, mfaMaxAttemptsError } from '../errors.js'
import { nextAnswer } from './next-answer.js'
import { setChallenge, type Answer, type ChallengeRuntime } from './runtime.js'

function announce({ deps }: ChallengeRuntime) {
  const event = { methods: deps.state.get().enrolled }
  if (deps.listeners.size) for (const listener of deps.listeners) listener(event)
  else deps.announce(event)
}

/** Asks for an answer and runs the operation with it, until it passes, the attempts run out or the wait ends. */
export async function runChallenge<T>(runtime: ChallengeRuntime, reason: MfaReason, run: MfaGatedCall<T>, askFirst: boolean): Promise<T> {
  const deadline = Date.now() + (runtime.deps.overallLimitMs ?? MFA_OVERALL_LIMIT_MS)
  // Refused without an answer already: that run counts as the first attempt.
  const answersAllowed = askFirst ? MFA_ATTEMPTS : MFA_ATTEMPTS - 1
  let lastError: TesseraError | null = null
  const answeredByApp = runtime.deps.listeners.size > 0
  for (let attempt = 1; ; attempt++) {
    setChallenge(runtime, { status: lastError ? 'error' : 'required', reason, attempt, error: lastError, blocked: false, answeredByApp })
    if (attempt === 1) announce(runtime)
    let answer: Answer
    try {
      answer = await nextAnswer(runtime, deadline)
    } catch (error) {
      setChallenge(runtime, null)
      throw error
    }
    setChallenge(runtime, { status: 'submitting', reason, attempt, error: null, blocked: false, answeredByApp })
    try {
      const result = await run(answer.submission)
      setChallenge(runtime, null)
      answer.passed()
      return result
    } catch (error) {
      const failure = toTesseraError(error)
      const verdict = classifyMfaFailure(failure)
      // Not the answer's fault (or a verification failure of another kind): the operation ends with it.
      if (!verdict) {
        setChallenge(runtime, null)
        answer.failed(failure)
        throw failure
      }
      const blocking = verdict.blocked ? verdict.error : attempt >= answersAllowed ? mfaMaxAttemptsError() : null
      answer.failed(verdict.error)
      if (blocking) {
        // Stays on screen until the user closes it (`cancel()`).
        setChallenge(runtime, { status: 'error', reason, attempt, error: blocking, blocked: true, answeredByApp })
        throw blocking
      }
      lastError = verdict.error
    }
  }
}
