/** Errors the client raises itself, with the spec's messages (document 1 §8). */
import { TesseraError } from './base-error.js'

export const requestTimeoutError = (cause?: unknown) =>
  new TesseraError({ code: 'client_request_timeout', shortMessage: 'Request timed out', retryable: true, cause })

export const requestAbortedError = (cause?: unknown) =>
  new TesseraError({ code: 'client_request_aborted', shortMessage: 'Request aborted', cause })

export const networkError = (cause?: unknown) =>
  new TesseraError({ code: 'network_error', shortMessage: 'Network request failed', retryable: true, cause })

export const mustBeAuthenticatedError = () =>
  new TesseraError({ code: 'must_be_authenticated', shortMessage: 'User must be authenticated' })

export const noUserReturnedError = () =>
  new TesseraError({ code: 'unknown_auth_error', shortMessage: 'Authentication failed - no user returned' })

export const alreadyLoggedInError = () =>
  new TesseraError({ code: 'already_logged_in', shortMessage: 'User is already logged in' })

export const noAuthFlowError = () =>
  new TesseraError({ code: 'unknown_auth_error', shortMessage: 'No auth flow in progress.' })

export const invalidEmailError = () =>
  new TesseraError({ code: 'invalid_data', shortMessage: 'Invalid email address' })

export const plusEmailError = () =>
  new TesseraError({ code: 'disallowed_plus_email', shortMessage: "Please enter a valid email address without a '+'." })

export const invalidCodeFormatError = () =>
  new TesseraError({ code: 'invalid_data', shortMessage: 'Passcode must be exactly 6 numbers' })

export const storageError = (cause?: unknown) =>
  new TesseraError({ code: 'storage_error', shortMessage: 'Unable to access storage', cause })

export const invalidConfigError = (shortMessage: string) => new TesseraError({ code: 'invalid_config', shortMessage })

/** Wraps anything thrown into a TesseraError so callers always get a code. */
export function toTesseraError(error: unknown): TesseraError {
  if (TesseraError.is(error)) return error
  return new TesseraError({ code: 'unknown_auth_error', shortMessage: 'Unknown error', cause: error })
}
