/**
 * The MFA challenge of gated wallet operations (document 2 §4 "Multi-factor verification", the reference's
 * `withMfa`): the operation runs; refused for want of MFA, it raises the challenge and waits for the user's answer
 * (MFA_CODE_WAIT_MS each, MFA_OVERALL_LIMIT_MS in all), then runs again carrying it. Only `missing_or_invalid_mfa`
 * retries, at most MFA_ATTEMPTS runs. One challenge at a time: an operation refused meanwhile waits for it, then
 * runs again (the frame may hold a fresh MFA token by then) before asking on its own.
 */
import { MFA_ATTEMPTS, MFA_CODE_WAIT_MS, MFA_OVERALL_LIMIT_MS, type MfaSubmission } from '../../protocol/index.js'
import type { TesseraError } from '../errors/base-error.js'
import { toTesseraError } from '../errors/client-errors.js'
import type { Store } from '../utils/store.js'
import { classifyMfaFailure, isMfaMissing, mfaCanceledError, mfaMaxAttemptsError, mfaNotPendingError, mfaTimeoutError } from './errors.js'
import type { MfaAnswer, MfaMethodType, MfaState } from './types.js'

export type MfaReason = NonNullable<MfaState['challenge']>['reason']
export type MfaRequiredListener = (event: { methods: MfaMethodType[] }) => void
/** Runs a gated operation, with the user's answer once one was asked for. */
export type MfaGatedCall<T> = (mfa?: MfaSubmission) => Promise<T>

export interface MfaChallengeDeps {
  state: Store<MfaState>
  /** The app's own MFA UI (`onMfaRequired`); without one, `announce` lets the modal open its verify screens. */
  listeners: ReadonlySet<MfaRequiredListener>
  announce(event: { methods: MfaMethodType[] }): void
  /** A passkey answer becomes an assertion here (the WebAuthn ceremony runs in the host page). */
  toSubmission(answer: MfaAnswer): Promise<MfaSubmission>
  /** Test seams: the spec's waits by default. */
  codeWaitMs?: number
  overallLimitMs?: number
}

export interface MfaChallenges {
  /**
   * `askFirst`: the answer is asked before the first run (verify, unenrol); `refused`: the caller's own first run was
   * already refused for want of MFA (it counts as the first attempt).
   */
  withMfa<T>(reason: MfaReason, run: MfaGatedCall<T>, options?: { askFirst?: boolean; refused?: boolean }): Promise<T>
  /** Resolves once the operation carrying the answer succeeded; rejects with what ended or failed it. */
  submit(answer: MfaAnswer): Promise<void>
  cancel(): void
}

interface Answer { submission: MfaSubmission; passed(): void; failed(error: TesseraError): void }
interface Waiter { answer(answer: Answer): void; end(error: TesseraError): void }

export function createMfaChallenges(deps: MfaChallengeDeps): MfaChallenges {
  const { state } = deps
  let waiter: Waiter | null = null
  let queue: Promise<unknown> = Promise.resolve()
  let challengesEnded = 0

  const setChallenge = (challenge: MfaState['challenge']) => state.update((current) => ({ ...current, challenge }))

  function announce() {
    const event = { methods: state.get().enrolled }
    if (deps.listeners.size) for (const listener of deps.listeners) listener(event)
    else deps.announce(event)
  }

  /** The next answer, or the code wait's (or the overall limit's) timeout, or a cancel. */
  function nextAnswer(deadline: number): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => end(mfaTimeoutError()), Math.max(0, Math.min(deps.codeWaitMs ?? MFA_CODE_WAIT_MS, deadline - Date.now())))
      const end = (error: TesseraError) => {
        clearTimeout(timer)
        waiter = null
        reject(error)
      }
      waiter = {
        answer(answer) {
          clearTimeout(timer)
          waiter = null
          resolve(answer)
        },
        end,
      }
    })
  }

  async function challenge<T>(reason: MfaReason, run: MfaGatedCall<T>, askFirst: boolean): Promise<T> {
    const deadline = Date.now() + (deps.overallLimitMs ?? MFA_OVERALL_LIMIT_MS)
    // Refused without an answer already: that run counts as the first attempt.
    const answersAllowed = askFirst ? MFA_ATTEMPTS : MFA_ATTEMPTS - 1
    let lastError: TesseraError | null = null
    const answeredByApp = deps.listeners.size > 0
    for (let attempt = 1; ; attempt++) {
      setChallenge({ status: lastError ? 'error' : 'required', reason, attempt, error: lastError, blocked: false, answeredByApp })
      if (attempt === 1) announce()
      let answer: Answer
      try {
        answer = await nextAnswer(deadline)
      } catch (error) {
        setChallenge(null)
        throw error
      }
      setChallenge({ status: 'submitting', reason, attempt, error: null, blocked: false, answeredByApp })
      try {
        const result = await run(answer.submission)
        setChallenge(null)
        answer.passed()
        return result
      } catch (error) {
        const failure = toTesseraError(error)
        const verdict = classifyMfaFailure(failure)
        // Not the answer's fault (or a verification failure of another kind): the operation ends with it.
        if (!verdict) {
          setChallenge(null)
          answer.failed(failure)
          throw failure
        }
        const blocking = verdict.blocked ? verdict.error : attempt >= answersAllowed ? mfaMaxAttemptsError() : null
        answer.failed(verdict.error)
        if (blocking) {
          // Stays on screen until the user closes it (`cancel()`).
          setChallenge({ status: 'error', reason, attempt, error: blocking, blocked: true, answeredByApp })
          throw blocking
        }
        lastError = verdict.error
      }
    }
  }

  /** One challenge at a time; an operation that waited for another runs again first, without asking. */
  function exclusively<T>(reason: MfaReason, run: MfaGatedCall<T>, askFirst: boolean): Promise<T> {
    const endedBefore = challengesEnded
    const turn = queue.then(async () => {
      try {
        if (!askFirst && challengesEnded !== endedBefore) {
          try {
            return await run()
          } catch (error) {
            if (!isMfaMissing(error)) throw error
          }
        }
        return await challenge(reason, run, askFirst)
      } finally {
        challengesEnded++
      }
    })
    queue = turn.catch(() => undefined)
    return turn
  }

  return {
    async withMfa(reason, run, { askFirst = false, refused = false } = {}) {
      if (!askFirst && !refused) {
        try {
          return await run()
        } catch (error) {
          if (!isMfaMissing(error)) throw error
        }
      }
      return exclusively(reason, run, askFirst)
    },

    async submit(answer) {
      const current = state.get().challenge
      if (!waiter || !current || current.status === 'submitting') throw mfaNotPendingError()
      const submitting = { ...current, status: 'submitting' as const, error: null }
      setChallenge(submitting)
      let submission: MfaSubmission
      try {
        submission = await deps.toSubmission(answer)
      } catch (error) {
        // A failed passkey ceremony costs no attempt: the challenge waits for another answer.
        const failure = toTesseraError(error)
        if (state.get().challenge === submitting) setChallenge({ ...current, status: 'error', error: failure })
        throw failure
      }
      if (!waiter) throw mfaNotPendingError()
      const pending = waiter
      return new Promise<void>((resolve, reject) => pending.answer({ submission, passed: resolve, failed: reject }))
    },

    cancel() {
      waiter?.end(mfaCanceledError())
      if (state.get().challenge?.status !== 'submitting') setChallenge(null)
    },
  }
}
