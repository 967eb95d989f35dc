import { useCallback } from 'react'
import type { User } from '../../src/core/index.js'
import type { MfaTotpInitResponse } from '../../src/protocol/index.js'
import { useTesseraContext } from '../context.js'

export interface UseAuthMfaEnrollmentResult {
  /** A new authenticator secret and its otpauth URL (for a QR code), pending until `enroll`. */
  initEnrollment(): Promise<MfaTotpInitResponse>
  /** Enrols the pending secret with the app's current code; from then on sign-in asks for it. */
  enroll(options: { code: string }): Promise<{ user: User }>
  /** Removes the sign-in factor (after `useAuthMfa().verify` within 15 minutes). */
  unenroll(): Promise<{ user: User }>
}

/** Sign-in MFA enrolment (the reference SDK's `useAuthMfaEnrollment`, headless: TOTP, no modal screen). */
export function useAuthMfaEnrollment(): UseAuthMfaEnrollmentResult {
  const { client } = useTesseraContext()
  const initEnrollment = useCallback(() => client.loginMfa.initEnrollment(), [client])
  const enroll = useCallback(async ({ code }: { code: string }) => ({ user: await client.loginMfa.enroll(code) }), [client])
  const unenroll = useCallback(async () => ({ user: await client.loginMfa.unenroll() }), [client])
  return { initEnrollment, enroll, unenroll }
}
