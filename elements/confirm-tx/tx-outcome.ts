import { TesseraError } from '../../src/core/index.js'
import type { TxErrorDetail } from './types.js'

/** EIP-1193 'User Rejected Request': the confirmation's reject() (4001 'The user rejected the request.'). */
const USER_REJECTED = 4001

/** The user declined: 4001 itself (a message), or the transaction error the core wraps it in ('Transaction was rejected by the user'). */
export const isUserRejection = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && ((error as { code?: unknown }).code === USER_REJECTED || isUserRejection((error as { cause?: unknown }).cause))

/** The event detail of a failure: a TesseraError's code and short message, a provider error's numeric code as text. */
export function errorDetail(error: unknown, fallbackCode = 'transaction_failure'): TxErrorDetail {
  if (TesseraError.is(error)) return { code: error.code, message: error.shortMessage }
  const { code, message } = (typeof error === 'object' && error !== null ? error : {}) as { code?: unknown; message?: unknown }
  return { code: code === undefined ? fallbackCode : String(code), message: typeof message === 'string' ? message : 'Something went wrong' }
}
