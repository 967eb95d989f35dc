import type { MfaSubmission } from '../../../protocol/index.js'
import type { Store } from '../../utils/store.js'
import type { MfaAnswer, MfaMethodType, MfaState } from '../types.js'

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
