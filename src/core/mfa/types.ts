/**
 * Wallet-action MFA (wallet spec, "Screens and routes", "States and transitions", "The error catalogue" and "Business constants and limits"): enrolment of TOTP, SMS and passkeys, and the challenge a gated
 * wallet operation raises. Every call goes through the wallet frame, which verifies with the server and keeps the
 * MFA token (the host page never sees it); the client's own calls are only the SMS send and the passkey options.
 */
import type { TesseraError } from '../errors/base-error.js'
import type { Listener, Unsubscribe } from '../listener.js'
import type { User } from '../user/types.js'

export type MfaMethodType = 'sms' | 'totp' | 'passkey'

/** What the user answers a challenge with; a passkey answer is produced by the client's WebAuthn ceremony. */
export type MfaAnswer = { method: 'totp' | 'sms'; code: string } | { method: 'passkey' }

/**
 * - `idle`: nothing asked;
 * - `required`: a wallet operation waits for the user (its 300 s code wait runs): show 'Verify your identity';
 * - `submitting`: an answer is being checked by the retried operation;
 * - `error`: the last answer failed (`error`; not blocking unless `blocked`); the operation still waits.
 */
export type MfaChallengeStatus = 'idle' | 'required' | 'submitting' | 'error'

export interface MfaState {
  /** The signed-in user's enrolled methods, in the order of `user.mfaMethods`. */
  enrolled: MfaMethodType[]
  challenge: {
    status: MfaChallengeStatus
    /** Which operation asked: shown nowhere, but lets a listener tell an explicit `verify()` from a wallet action. */
    reason: 'wallet-action' | 'verify' | 'enrollment-change'
    /** 1-based attempt of at most MFA_ATTEMPTS (4). */
    attempt: number
    error: TesseraError | null
    /** The error blocks further tries in this challenge (too many attempts, code time limit): close and retry later. */
    blocked: boolean
    /** The app's own MFA UI answers it (`onMfaRequired` listeners): the modal's screens stay as they are. */
    answeredByApp?: boolean
  } | null
}

/** Started TOTP enrolment: the secret for the QR code (`authUrl`, an otpauth:// URL) and the setup key. */
export interface TotpEnrollment {
  secret: string
  authUrl: string
}

export interface MfaApi {
  getState(): MfaState
  watchState(listener: Listener<MfaState>): Unsubscribe
  /**
   * `useRegisterMfaListener`: called when an operation needs verification. With a listener registered the app
   * shows its own UI; without one the modal opens its 'Verify your identity' screens.
   */
  onMfaRequired(listener: (event: { methods: MfaMethodType[] }) => void): Unsubscribe
  /** Sends the SMS code for a challenge (to the user's enrolled MFA phone). */
  sendSmsCode(): Promise<void>
  /**
   * Answers the pending challenge (the waiting operation is retried with it); resolves once it passed, rejects with
   * the classified code error (the challenge stays open unless blocked). A passkey answer runs the WebAuthn ceremony.
   */
  submit(answer: MfaAnswer): Promise<void>
  /** Ends the pending challenge: the waiting operation rejects with 'Canceled MFA verification.'. */
  cancel(): void
  /** Verifies now, without a wallet operation (e.g. before changing methods); raises the challenge like one. */
  verify(): Promise<void>
  enrollTotp: {
    init(): Promise<TotpEnrollment>
    /** Confirms with the first code from the authenticator app. */
    submit(code: string): Promise<User>
  }
  enrollSms: {
    /** Sends a code to `phoneNumber` (any format libphonenumber-js reads; not the user's login phone). */
    init(phoneNumber: string): Promise<void>
    submit(input: { phoneNumber: string; code: string }): Promise<User>
  }
  /** Makes the user's linked passkeys `credentialIds` MFA factors (link one first with `passkey.link()`). */
  enrollPasskeys(credentialIds: string[]): Promise<User>
  /** Removes a method; a user with a method enrolled verifies first (the challenge is raised as needed). */
  unenroll(method: MfaMethodType): Promise<User>
}
