/**
 * The MFA challenge of gated wallet operations (wallet spec, "States and transitions": "Multi-factor verification", the reference's
 * `withMfa`): the operation runs; refused for want of MFA, it raises the challenge and waits for the user's answer
 * (MFA_CODE_WAIT_MS each, MFA_OVERALL_LIMIT_MS in all), then runs again carrying it. Only `missing_or_invalid_mfa`
 * retries, at most MFA_ATTEMPTS runs. One challenge at a time: an operation refused meanwhile waits for it, then
 * runs again (the frame may hold a fresh MFA token by then) before asking on its own.
 */
import { cancelChallenge } from './challenge/cancel-challenge.js'
import { createChallengeRuntime } from './challenge/runtime.js'
import { submitAnswer } from './challenge/submit-answer.js'
import { withMfa } from './challenge/with-mfa.js'
import type { MfaChallengeDeps, MfaChallenges } from './challenge/types.js'

export type { MfaChallengeDeps, MfaChallenges, MfaGatedCall, MfaReason, MfaRequiredListener } from './challenge/types.js'

export function createMfaChallenges(deps: MfaChallengeDeps): MfaChallenges {
  const runtime = createChallengeRuntime(deps)
  return {
    withMfa: (reason, run, options) => withMfa(runtime, reason, run, options),
    submit: (answer) => submitAnswer(runtime, answer),
    cancel: () => cancelChallenge(runtime),
  }
}
