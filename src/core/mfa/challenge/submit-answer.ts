import type { MfaSubmission } from '../../../protocol/index.js'
import { toTesseraError } from '../../errors/client-errors.js'
import { mfaNotPendingError } from '../errors.js'
import type { MfaAnswer } from '../types.js'
import { setChallenge, type ChallengeRuntime } from './runtime.js'

/** Resolves once the operation carrying the answer succeeded; rejects with what ended or failed it. */
export async function submitAnswer(runtime: ChallengeRuntime, answer: MfaAnswer): Promise<void> {
  const { state } = runtime.deps
  const current = state.get().challenge
  if (!runtime.waiter || !current || current.status === 'submitting') throw mfaNotPendingError()
  const submitting = { ...current, status: 'submitting' as const, error: null }
  setChallenge(runtime, submitting)
  let submission: MfaSubmission
  try {
    submission = await runtime.deps.toSubmission(answer)
  } catch (error) {
    // A failed passkey ceremony costs no attempt: the challenge waits for another answer.
    const failure = toTesseraError(error)
    if (state.get().challenge === submitting) setChallenge(runtime, { ...current, status: 'error', error: failure })
    throw failure
  }
  const pending = runtime.waiter
  if (!pending) throw mfaNotPendingError()
  return new Promise<void>((resolve, reject) => pending.answer({ submission, passed: resolve, failed: reject }))
}
