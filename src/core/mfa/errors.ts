/**
 * MFA errors with the spec's copy (wallet spec, "The error catalogue": "MFA"). A failed answer is classified so the screens can tell the
 * cases apart by `code`: an invalid code (try again), too many attempts and the code-entry time limit (both end the
 * challenge); anything else is the screens' 'Something went wrong.'.
 */
import { TesseraError } from '../errors/base-error.js'

export const mfaTimeoutError = () => new TesseraError({ code: 'mfa_timeout', shortMessage: 'Timed out waiting for MFA code' })

export const mfaMaxAttemptsError = () =>
  new TesseraError({ code: 'mfa_verification_max_attempts_reached', shortMessage: 'Max MFA verification attempts reached' })

export const mfaCanceledError = () => new TesseraError({ code: 'missing_mfa_credentials', shortMessage: 'Canceled MFA verification.' })

export const mfaNotPendingError = () => new TesseraError({ code: 'missing_mfa_credentials', shortMessage: 'No MFA verification is pending' })

export const mfaInvalidCodeError = (cause?: unknown) =>
  new TesseraError({ code: 'missing_or_invalid_mfa', shortMessage: 'The code you entered is not valid', cause })

export const mfaTooManyAttemptsError = (cause?: unknown) =>
  new TesseraError({
    code: 'too_many_requests',
    shortMessage: 'You have exceeded the maximum number of attempts. Please close this window and try again in 10 seconds.',
    status: 429,
    cause,
  })

export const mfaTimeLimitError = (cause?: unknown) =>
  new TesseraError({
    code: 'expired_or_invalid_mfa_token',
    shortMessage: 'You have exceeded the time limit for code entry. Please try again in 30 seconds.',
    cause,
  })

/** Whether a wallet operation was refused for want of a (valid) MFA verification: the only error `withMfa` retries. */
export const isMfaMissing = (error: unknown): boolean => TesseraError.is(error) && error.code === 'missing_or_invalid_mfa'

/**
 * What a failure of a call that carried an answer says about the answer; null when the answer passed (the error is
 * the operation's own). An HTTP 429 anywhere in the message counts as rate limiting (wallet spec, "The error catalogue").
 */
export function classifyMfaFailure(error: TesseraError): { error: TesseraError; blocked: boolean } | null {
  if (error.code === 'missing_or_invalid_mfa') return { error: mfaInvalidCodeError(error), blocked: false }
  if (error.code === 'too_many_requests' || error.status === 429 || error.shortMessage.includes('429'))
    return { error: mfaTooManyAttemptsError(error), blocked: true }
  if (error.code === 'expired_or_invalid_mfa_token' || error.data?.frameErrorType === 'twilio_verification_failed')
    return { error: mfaTimeLimitError(error), blocked: true }
  return null
}
