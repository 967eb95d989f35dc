import { useCallback } from 'react'
import { useTesseraContext } from '../context.js'

export interface UseMfaEnrollmentResult {
  /** Opens the modal on the MFA method chooser ('Transaction Protection'), for a signed-in user. */
  showMfaEnrollmentModal(): void
  closeMfaEnrollmentModal(): void
}

/** The MFA enrolment screens in the provider's modal (the reference SDK's `useMfaEnrollment`). */
export function useMfaEnrollment(): UseMfaEnrollmentResult {
  const { client, openModal, modal } = useTesseraContext()
  const showMfaEnrollmentModal = useCallback(() => {
    // Wallet spec, "Business constants and limits": MFA needs an authenticated user; the modal would show its landing otherwise.
    if (client.getAuth().status !== 'authenticated') return
    openModal({ intent: 'wallet', screen: 'mfa:enroll' })
  }, [client, openModal])
  const closeMfaEnrollmentModal = useCallback(() => {
    if (modal) modal.open = false
  }, [modal])
  return { showMfaEnrollmentModal, closeMfaEnrollmentModal }
}
