import type { LoginMfaMethod, MfaTotpInitResponse } from '../../../protocol/index.js'
import type { Listener, Unsubscribe } from '../../listener.js'
import type { User } from '../../user/types.js'

/** `required`: a sign-in passed its first factor and waits for the second (`verify`); nothing is signed in yet. */
export interface LoginMfaState {
  status: 'idle' | 'required'
  methods: LoginMfaMethod[]
}

export const initialLoginMfaState: LoginMfaState = { status: 'idle', methods: [] }

/** Sign-in MFA (the reference's `mfa_auth`): a second factor before the session is issued; loads on first use. */
export interface LoginMfaApi {
  getState(): LoginMfaState
  watch(listener: Listener<LoginMfaState>): Unsubscribe
  /**
   * The authenticator app's code: completes a pending sign-in (the session is issued, the login announced), or,
   * signed in, proves the factor again (needed within 15 minutes before a factor change).
   */
  verify(code: string): Promise<void>
  /** Drops a pending sign-in (the user backed out). */
  cancel(): void
  /** A new authenticator secret for the signed-in user, pending until `enroll` proves the app holds it. */
  initEnrollment(): Promise<MfaTotpInitResponse>
  /** Enrols the pending secret with its current code; the user's other sessions end. */
  enroll(code: string): Promise<User>
  /** Removes the sign-in factor (after `verify`); the user's other sessions end. */
  unenroll(): Promise<User>
}
