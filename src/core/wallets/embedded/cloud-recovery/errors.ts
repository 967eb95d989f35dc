/** Cloud recovery errors with the spec's copy (wallet spec, "The error catalogue": "Wallet and recovery"). */
import { TesseraError } from '../../../errors/base-error.js'

export const recoveryOAuthFailedError = () => new TesseraError({ code: 'invalid_credentials', shortMessage: 'Recovery OAuth failed', retryable: true })

/** The user closed the provider's window before it came back. */
export const cloudRecoveryExitedError = () => new TesseraError({ code: 'exited_update_flow', shortMessage: 'User exited the recovery flow' })
