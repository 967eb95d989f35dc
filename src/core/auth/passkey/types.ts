/** `client.auth.passkey`: WebAuthn passkeys (sign-in spec, "States and transitions": "Passkey"); @simplewebauthn/browser loads with the first ceremony. */
import type { PasskeyFlowState, PasskeyStartOptions } from '../../types.js'
import type { User } from '../../user/types.js'
import type { StateMembers } from '../login-method.js'

export interface PasskeyActions {
  /** Signs in with a passkey this app already knows (no sign-up). */
  login(options?: PasskeyStartOptions): Promise<User>
  /** Creates a passkey and signs up with it (needs `passkeysForSignup`). */
  signup(options?: PasskeyStartOptions): Promise<User>
  /** Adds a passkey to the signed-in user (at most MAX_PASSKEYS_PER_USER). */
  link(): Promise<User>
  /** Removes the passkey `credentialId`; one enrolled in MFA cannot be removed. */
  unlink(credentialId: string): Promise<User>
  /** Back to `initial`; a ceremony still waiting is cancelled. */
  reset(): void
  /** Whether this browser offers WebAuthn at all. */
  isSupported(): boolean
}

export interface PasskeyApi extends PasskeyActions, StateMembers<PasskeyFlowState> {}
