/** OAuth errors (sign-in spec, "The error catalogue": "OAuth") apart from client-errors.ts: only the lazily loaded OAuth steps raise them. */
import { isApiErrorCode } from '../../../protocol/index.js'
import { TesseraError } from '../../errors/base-error.js'
import { oauthInvalidCodeError } from '../../errors/client-errors.js'

export const OAUTH_USER_DENIED_MESSAGE = 'User denied confirmation during OAuth flow'
export const oauthUserDeniedError = () => new TesseraError({ code: 'oauth_user_denied', shortMessage: OAUTH_USER_DENIED_MESSAGE, retryable: true })

/** The server could not complete the provider leg (`privy_oauth_error`): its code passes through (sign-in spec, "The error catalogue": "OAuth"). */
export const oauthProviderLegError = (code: string) =>
  isApiErrorCode(code)
    ? new TesseraError({ code, shortMessage: 'Authentication failed', retryable: code === 'invalid_credentials' })
    : oauthInvalidCodeError(code)

export const oauthMissingVerifierError = () => new TesseraError({ code: 'unknown_auth_error', shortMessage: 'Authentication error.' })

export const sessionStorageUnavailableError = (cause?: unknown) =>
  new TesseraError({ code: 'session_storage_unavailable', shortMessage: 'Session storage is unavailable', cause })
