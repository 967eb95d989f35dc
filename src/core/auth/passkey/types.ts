/** `client.auth.passkey`: WebAuthn passkeys (sign-in spec, "States and transitions": "Passkey"); @simplewebauthn/browser loads with the first ceremony. */
import type { TesseraError } from '../../errors/base-error.js'
import type { AccountTimes, User } from '../../user/types.js'
import type { StateMembers } from '../state-members.js'

declare module '../types.js' {
  interface LoginMethodNames {
    passkey: 'passkey'
  }
}

declare module '../../config/types.js' {
  interface LandingMethodNames {
    passkey: 'passkey'
  }
}

/** Sign-in spec, "States and transitions": "Passkey": init, then the browser's credential step, then the server call. */
export type PasskeyFlowStatus = 'initial' | 'generating-challenge' | 'awaiting-passkey' | 'submitting-response' | 'done' | 'error'
/** Sign in with an existing passkey, sign up by creating one, or add one to the signed-in user. */
export type PasskeyIntent = 'login' | 'signup' | 'link'
export interface PasskeyFlowState {
  status: PasskeyFlowStatus
  intent: PasskeyIntent
  error: TesseraError | null
}
export interface PasskeyStartOptions {
  captchaToken?: string
}

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

/** The flow's code (flow.ts) as the lazily loading member forwards to it; support is known without loading it. */
export type PasskeyFlow = Omit<PasskeyActions, 'isSupported'>

export interface PasskeyAccount extends AccountTimes {
  type: 'passkey'
  enrolledInMfa: boolean
  credentialId: string
  publicKey: string | null
  authenticatorName: string | null
  createdWithDevice: string | null
  createdWithOs: string | null
  createdWithBrowser: string | null
}

/** Its linked accounts, merged into user/types.ts's (no `User` slot). */
declare module '../../user/types.js' {
  interface LinkedAccounts {
    passkey: PasskeyAccount
  }
}
