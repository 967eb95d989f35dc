import { TesseraError } from '../core/index.js'

/** Screens only render TesseraErrors; anything else thrown by an action becomes a generic one. */
export function asTesseraError(error: unknown): TesseraError {
  if (TesseraError.is(error)) return error
  return new TesseraError({ code: 'unknown_auth_error', shortMessage: 'Something went wrong', cause: error })
}
