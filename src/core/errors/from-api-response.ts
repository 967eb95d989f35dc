import { isApiErrorBody, isApiErrorCode } from '../../protocol/index.js'
import { TesseraError } from './base-error.js'
import { retryableStatuses } from './retryable-statuses.js'

/** Builds the error for a non-2xx API response from its `{ error, code }` body. */
export function fromApiResponse(status: number, body: unknown): TesseraError {
  const known = isApiErrorBody(body)
  return new TesseraError({
    code: known && isApiErrorCode(body.code) ? body.code : 'unknown_auth_error',
    shortMessage: known ? body.error : `Request failed with status ${status}`,
    // An unknown server code is kept for debugging; it is a code, never a secret.
    details: known && !isApiErrorCode(body.code) ? `Server code: ${body.code}` : undefined,
    status,
    retryable: retryableStatuses.has(status) || status === 429,
    data: known && typeof body.data === 'object' && body.data !== null ? body.data : undefined,
  })
}
