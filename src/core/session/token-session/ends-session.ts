import { TesseraError } from '../../errors/base-error.js'

/** Errors after which the refresh token is known to be dead (not network trouble or a server outage). */
export function endsSession(error: unknown): boolean {
  if (!TesseraError.is(error)) return false
  if (error.code === 'missing_or_invalid_token') return true
  return error.status !== undefined && error.status >= 400 && error.status < 500 && !error.retryable
}
