import type { MfaSubmission } from '../../../protocol/index.js'
import type { TesseraError } from '../../errors/base-error.js'
import type { MfaChallengeDeps } from './types.js'
import type { MfaState } from '../types.js'

/** The user's answer as the challenge receives it, with how the operation carrying it ended. */
export interface Answer {
  submission: MfaSubmission
  passed(): void
  failed(error: TesseraError): void
}
/** The challenge waiting for an answer: `submit` answers it, `cancel` (or its timeout) ends it. */
export interface Waiter {
  answer(answer: Answer): void
  end(error: TesseraError): void
}

/** What the challenge actions share: their deps and the one challenge's mutable state. */
export interface ChallengeRuntime {
  deps: MfaChallengeDeps
  waiter: Waiter | null
  /** The challenges in turn: one at a time. */
  queue: Promise<unknown>
  /** Challenges ended so far: an operation that waited for one sees the count move. */
  challengesEnded: number
}

export const createChallengeRuntime = (deps: MfaChallengeDeps): ChallengeRuntime => ({ deps, waiter: null, queue: Promise.resolve(), challengesEnded: 0 })

export const setChallenge = (runtime: ChallengeRuntime, challenge: MfaState['challenge']) => runtime.deps.state.update((current) => ({ ...current, challenge }))
