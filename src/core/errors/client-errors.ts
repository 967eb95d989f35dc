/** Errors the client raises itself, with the spec's messages (sign-in spec, "The error catalogue"). */
import { TesseraError } from './base-error.js'

export const requestTimeoutError = (cause?: unknown) =>
  new TesseraError({ code: 'client_request_timeout', shortMessage: 'Request timed out', retryable: true, cause })

export const requestAbortedError = (cause?: unknown) => new TesseraError({ code: 'client_request_aborted', shortMessage: 'Request aborted', cause })

export const networkError = (cause?: unknown) => new TesseraError({ code: 'network_error', shortMessage: 'Network request failed', retryable: true, cause })

export const mustBeAuthenticatedError = () => new TesseraError({ code: 'must_be_authenticated', shortMessage: 'User must be authenticated' })

export const alreadyLoggedInError = () => new TesseraError({ code: 'already_logged_in', shortMessage: 'User is already logged in' })

export const noAuthFlowError = () => new TesseraError({ code: 'unknown_auth_error', shortMessage: 'No auth flow in progress.' })

export const invalidCodeFormatError = () => new TesseraError({ code: 'invalid_data', shortMessage: 'Passcode must be exactly 6 numbers' })

export const invalidConfigError = (shortMessage: string) => new TesseraError({ code: 'invalid_config', shortMessage })

/** A returned OAuth state that is not the one this browser stored (login CSRF, sign-in spec, "Validation rules"). */
export const oauthPhishingError = () =>
  new TesseraError({ code: 'oauth_state_mismatch', shortMessage: 'Unexpected auth flow. This may be a phishing attempt.' })

export const OAUTH_INVALID_CODE_MESSAGE = 'Invalid code during OAuth flow.'
export const oauthInvalidCodeError = (cause?: unknown) => new TesseraError({ code: 'unknown_auth_error', shortMessage: OAUTH_INVALID_CODE_MESSAGE, cause })

export const popupBlockedError = () =>
  new TesseraError({ code: 'unknown_auth_error', shortMessage: 'The sign-in window was blocked. Allow pop-ups for this site and try again.' })

/** The user closed the popup (or the modal) before the flow finished. */
export const exitedFlowError = (intent: 'login' | 'link' | 'update') =>
  intent === 'login'
    ? new TesseraError({ code: 'exited_auth_flow', shortMessage: 'User exited the auth flow' })
    : intent === 'link'
      ? new TesseraError({ code: 'exited_link_flow', shortMessage: 'User exited the link flow' })
      : new TesseraError({ code: 'exited_update_flow', shortMessage: 'User exited the update flow' })

/** The CaptchaState error string and the message of both CAPTCHA errors (sign-in spec, "States and transitions" and "The error catalogue"). */
export const CAPTCHA_FAILED_MESSAGE = 'Captcha failed'
export const captchaFailureError = (cause?: unknown) =>
  new TesseraError({ code: 'captcha_failure', shortMessage: CAPTCHA_FAILED_MESSAGE, retryable: true, cause })
export const captchaDisabledError = () => new TesseraError({ code: 'captcha_disabled', shortMessage: 'Captcha is not enabled' })
export const UNSUPPORTED_CAPTCHA_SITE_KEY_MESSAGE = 'Unsupported captcha site key'
export const unsupportedCaptchaSiteKeyError = () => invalidConfigError(UNSUPPORTED_CAPTCHA_SITE_KEY_MESSAGE)

/** Wraps anything thrown into a TesseraError so callers always get a code. */
export function toTesseraError(error: unknown): TesseraError {
  if (TesseraError.is(error)) return error
  return new TesseraError({ code: 'unknown_auth_error', shortMessage: 'Unknown error', cause: error })
}
