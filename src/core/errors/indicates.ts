/** The reference SDK's `errorIndicates*` helpers over our error codes (wallet spec, "The error catalogue": "Error types"). */
import type { ErrorCode } from '../../protocol/index.js'
import { TesseraError } from './base-error.js'

const hasCode = (error: unknown, code: ErrorCode): error is TesseraError => TesseraError.is(error) && error.code === code

/** The wallet operation's MFA code wait ran out. */
export const errorIndicatesMfaTimeout = (error: unknown): error is TesseraError => hasCode(error, 'mfa_timeout')

/** The MFA code was wrong or missing. */
export const errorIndicatesMfaVerificationFailed = (error: unknown): error is TesseraError => hasCode(error, 'missing_or_invalid_mfa')

/** Too many wrong MFA codes: the operation stops. */
export const errorIndicatesMaxMfaRetries = (error: unknown): error is TesseraError => hasCode(error, 'mfa_verification_max_attempts_reached')
