/** Embedded-wallet errors with the spec's copy (wallet spec, "The error catalogue": "Wallet and recovery"; sign-in spec, "The error catalogue"); loaded with the wallet code only. */
import type { ErrorCode, FrameErrorType } from '../../protocol/index.js'
import { TesseraError } from './base-error.js'

export const mustBeAuthenticatedToCreateError = () =>
  new TesseraError({ code: 'must_be_authenticated', shortMessage: 'User must be authenticated before creating a wallet' })

export const missingAccessTokenError = () => new TesseraError({ code: 'must_be_authenticated', shortMessage: 'Missing access token' })

export const invalidCreateArgsError = (details?: string) =>
  new TesseraError({ code: 'embedded_wallet_create_error', shortMessage: 'Invalid args to create wallet', details })

export const walletAlreadyExistsError = () => new TesseraError({ code: 'embedded_wallet_already_exists', shortMessage: 'User already has an embedded wallet.' })

export const embeddedWalletNotFoundError = () => new TesseraError({ code: 'embedded_wallet_not_found', shortMessage: 'Embedded wallet not found' })

export const passwordRequiredByAppError = () =>
  new TesseraError({ code: 'embedded_wallet_create_error', shortMessage: 'Password not provided yet is required by App configuration' })

export const invalidRecoveryPasswordTypeError = () =>
  new TesseraError({ code: 'embedded_wallet_create_error', shortMessage: 'Invalid recovery password, must be a string' })

export const frameConnectError = (cause?: unknown) =>
  new TesseraError({ code: 'embedded_wallet_request_error', shortMessage: 'Failed to connect to wallet proxy', retryable: true, cause })

export const httpsRequiredError = () =>
  new TesseraError({ code: 'embedded_wallet_request_error', shortMessage: 'Embedded wallet is only available over HTTPS' })

export const frameNotInitializedError = () => new TesseraError({ code: 'embedded_wallet_request_error', shortMessage: 'Embedded wallet proxy not initialized' })

export const frameRequestTimeoutError = (event: string) =>
  new TesseraError({
    code: 'client_request_timeout',
    shortMessage: 'Request timed out',
    details: `The wallet did not answer ${event} in time.`,
    retryable: true,
  })

/** Frame error types keep their own code; plain errors are request errors (wallet spec, "The error catalogue": "Error types"). */
const codeOfFrameErrorType: Partial<Record<FrameErrorType, ErrorCode>> = {
  wallet_not_on_device: 'wallet_not_on_device',
  invalid_recovery_pin: 'invalid_recovery_pin',
  missing_or_invalid_mfa: 'missing_or_invalid_mfa',
  mfa_verification_max_attempts_reached: 'mfa_verification_max_attempts_reached',
  mfa_timeout: 'mfa_timeout',
  insufficient_funds: 'insufficient_funds',
  invalid_request_arguments: 'invalid_data',
  reauthentication_required: 'reauthentication_required',
  policy_violation: 'policy_violation',
  feature_not_enabled: 'feature_not_enabled',
}

export const frameError = (type: FrameErrorType, message: string) =>
  new TesseraError({ code: codeOfFrameErrorType[type] ?? 'embedded_wallet_request_error', shortMessage: message, data: { frameErrorType: type } })

export const unableToRecoverError = (cause?: unknown) =>
  new TesseraError({ code: 'embedded_wallet_request_error', shortMessage: 'Unable to recover wallet', cause })

export const userRecoveryTimedOutError = () => new TesseraError({ code: 'embedded_wallet_request_error', shortMessage: 'User-owned recovery timed out' })

/** Recovery of wallets whose method this round does not build (cloud backups, server wallets). */
export const unsupportedRecoveryActionError = () => new TesseraError({ code: 'unsupported_recovery_method', shortMessage: 'Unsupported recovery action' })

export const noRpcUrlError = (chainName: string) => new TesseraError({ code: 'invalid_config', shortMessage: `No RPC url found for ${chainName}` })

export const unsupportedTransactionTypeError = () => new TesseraError({ code: 'transaction_failure', shortMessage: 'Unsupported transaction type' })

export const invalidMessageError = () => new TesseraError({ code: 'invalid_message', shortMessage: 'Message must be a non-empty string' })
