import type { TesseraError } from '../../../core/index.js'
import type { MfaCopyKey } from '../../copy/mfa.js'

export interface MfaErrorCopy {
  message: MfaCopyKey
  /** Wallet spec, "Validation rules": a blocking error disables the code input; the user closes and tries again later. */
  blocking: boolean
}

/**
 * Wallet spec, "Validation rules" and "The error catalogue": MFA code errors are classified as too many attempts (blocking), an invalid code (not
 * blocking) or the code-entry time limit (blocking); anything else is 'Something went wrong.'.
 */
export function mfaErrorCopy(error: TesseraError): MfaErrorCopy {
  switch (error.code) {
    case 'too_many_requests':
    case 'mfa_verification_max_attempts_reached':
      return { message: 'mfa.error.tooManyAttempts', blocking: true }
    case 'missing_or_invalid_mfa':
      return { message: 'mfa.error.invalidCode', blocking: false }
    case 'mfa_timeout':
    case 'expired_or_invalid_mfa_token':
      return { message: 'mfa.error.timeLimit', blocking: true }
    // The core's cancellation ('Canceled MFA verification.').
    case 'missing_mfa_credentials':
      return { message: 'mfa.error.canceled', blocking: false }
    default:
      return { message: 'mfa.error.other', blocking: false }
  }
}
