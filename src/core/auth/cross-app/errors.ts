/** Wallet spec, "The error catalogue": "Cross-app" errors the client raises itself. */
import { TesseraError } from '../../errors/base-error.js'

export const CROSS_APP_REJECTED_MESSAGE = 'User rejected request'
export const CROSS_APP_TIMEOUT_MESSAGE = 'Authorization request timed out after 2 minutes.'
export const CROSS_APP_INVALID_CODE_MESSAGE = 'Invalid code during cross-app auth flow.'

/** The user declined on the provider's page, or closed its popup (which counts as rejection). */
export const crossAppRejectedError = () => new TesseraError({ code: 'oauth_user_denied', shortMessage: CROSS_APP_REJECTED_MESSAGE, retryable: true })
export const crossAppTimeoutError = () => new TesseraError({ code: 'client_request_timeout', shortMessage: CROSS_APP_TIMEOUT_MESSAGE, retryable: true })
export const crossAppInvalidCodeError = (cause?: unknown) =>
  new TesseraError({ code: 'unknown_auth_error', shortMessage: CROSS_APP_INVALID_CODE_MESSAGE, cause })
/** The provider is not among this app's connections. */
export const invalidConnectedAppError = () => new TesseraError({ code: 'cross_app_connection_not_allowed', shortMessage: 'Invalid connected app' })
export const CROSS_APP_READ_ONLY_MESSAGE = 'Cannot transact against a read-only provider app'
export const CROSS_APP_NO_TOKEN_MESSAGE = 'Transactions require a valid token'
/** Refused on the client before any popup (the server refuses too). */
export const crossAppReadOnlyError = () => new TesseraError({ code: 'cross_app_read_only', shortMessage: CROSS_APP_READ_ONLY_MESSAGE })
/** The provider's transact page answered an error, or nothing usable. */
export const crossAppRequestError = (message: string) => new TesseraError({ code: 'cross_app_request_error', shortMessage: message })
/** The address is not a wallet of the cross-app account (requester side) or of the provider user (provider side). */
export const crossAppWrongAddressError = () => crossAppRequestError('Cannot request a signature with this wallet address')
