import { mfaCanceledError } from '../errors.js'
import { setChallenge, type ChallengeRuntime } from './runtime.js'

/** Ends the waiting challenge; one whose answer is being checked finishes first. */
export function cancelChallenge(runtime: ChallengeRuntime): void {
  runtime.waiter?.end(mfaCanceledError())
  if (runtime.deps.state.get().challenge?.status !== 'submitting') setChallenge(runtime, null)
}
