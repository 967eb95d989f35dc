import { authorizationSignatureMessages } from '../../../src/protocol/index.js'
import { ApiError } from '../http/api-error.js'

export const serverWalletsNotEnabled = () => new ApiError(403, 'feature_not_enabled', 'Server-managed wallets are not enabled for this app')
export const serverWalletNotFound = () => new ApiError(404, 'not_found', 'Wallet not found')
export const ownerNotFound = () => new ApiError(404, 'not_found', 'User not found')
export const unauthorized = (reason: keyof typeof authorizationSignatureMessages) =>
  new ApiError(401, 'invalid_credentials', authorizationSignatureMessages[reason])
export const serverWalletExportRefused = () => new ApiError(400, 'not_supported', 'Server-managed wallets cannot be exported')
export const serverWalletRecoveryRefused = () => new ApiError(400, 'unsupported_recovery_method', 'Recovery cannot be set on a server-managed wallet')
