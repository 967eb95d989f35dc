/** Passkey failures with the spec's copy (sign-in spec, "The error catalogue": "Passkey"). */
import { TesseraError } from '../../errors/base-error.js'

/** WebAuthn exists only in secure contexts: a page on plain http (a LAN address) is told to use https (issue 15). */
export const webAuthnNotSupportedError = () =>
  globalThis.isSecureContext === false
    ? new TesseraError({
        code: 'not_supported',
        shortMessage: 'Passkeys need a secure page: open this site over https (or on localhost)',
        data: { reason: 'insecure_context' },
      })
    : new TesseraError({ code: 'not_supported', shortMessage: 'WebAuthn is not supported in this browser' })

export const PASSKEY_NOT_ALLOWED_MESSAGE = 'Passkey request timed out or rejected by user.'
export const passkeyNotAllowedError = (cause?: unknown) =>
  new TesseraError({ code: 'passkey_not_allowed', shortMessage: PASSKEY_NOT_ALLOWED_MESSAGE, retryable: true, cause })

export const PASSKEY_MFA_UNLINK_MESSAGE = 'Cannot unlink a passkey enrolled in MFA'
export const passkeyEnrolledInMfaError = () => new TesseraError({ code: 'invalid_data', shortMessage: PASSKEY_MFA_UNLINK_MESSAGE })

const passkeyUnknownError = (cause: unknown) =>
  new TesseraError({ code: 'unknown_auth_error', shortMessage: 'Unknown error occurred.', retryable: true, cause })

/** The name of a DOMException, directly or as the `cause` @simplewebauthn/browser wraps it in. */
function domErrorName(error: unknown): string | null {
  if (!(error instanceof Error)) return null
  if (error.name === 'NotAllowedError') return error.name
  return error.cause instanceof Error ? error.cause.name : error.name
}

/** Coded errors (the server's, ours) pass through; the browser's refusal or time-out is `passkey_not_allowed`. */
export function toPasskeyError(error: unknown): TesseraError {
  if (TesseraError.is(error)) return error
  if (domErrorName(error) === 'NotAllowedError') return passkeyNotAllowedError(error)
  return passkeyUnknownError(error)
}
