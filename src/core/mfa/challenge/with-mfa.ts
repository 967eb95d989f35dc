import type { MfaGatedCall, MfaReason } from './types.js'
import { isMfaMissing } from '../errors.js'
import { runChallenge } from './run-challenge.js'
import type { ChallengeRuntime } from './runtime.js'

/** One challenge at a time; an operation that waited for another runs again first, without asking. */
function exclusively<T>(runtime: ChallengeRuntime, reason: MfaReason, run: MfaGatedCall<T>, askFirst: boolean): Promise<T> {
  const endedBefore = runtime.challengesEnded
  const turn = runtime.queue.then(async () => {
    try {
      if (!askFirst && runtime.challengesEnded !== endedBefore) {
        try {
          return await run()
        } catch (error) {
          if (!isMfaMissing(error)) throw error
        }
      }
      return await runChallenge(runtime, reason, run, askFirst)
    } finally {
      runtime.challengesEnded++
    }
  })
  runtime.queue = turn.catch(() => undefined)
  return turn
}

/** Runs a gated operation; refused for want of MFA (or told to ask first), it goes through the challenge. */
export async function withMfa<T>(runtime: ChallengeRuntime, reason: MfaReason, run: MfaGatedCall<T>, { askFirst = false, refused = false } = {}): Promise<T> {
  if (!askFirst && !refused) {
    try {
      return await run()
    } catch (error) {
      if (!isMfaMissing(error)) throw error
    }
  }
  return exclusively(runtime, reason, run, askFirst)
}
