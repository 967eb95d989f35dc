/** Error codes the API returns in `{ error, code }` bodies (sign-in spec, "The error catalogue"). */
export const apiErrorCodes = [
  'oauth_account_suspended',
  'missing_or_invalid_token',
  'missing_or_invalid_mfa',
  'expired_or_invalid_mfa_token',
  'invalid_data',
  'invalid_credentials',
  'invalid_captcha',
  'linked_to_another_user',
  'allowlist_rejected',
  'cannot_unlink_embedded_wallet',
  'cannot_unlink_sole_account',
  'cannot_link_more_of_type',
  'linked_account_not_found',
  'too_many_requests',
  'resource_conflict',
  'invalid_origin',
  'missing_origin',
  'invalid_native_app_id',
  'token_already_used',
  'already_logged_out',
  'not_supported',
  'user_unsubscribed',
  'max_apps_reached',
  'max_accounts_reached',
  'device_revoked',
  'wallet_password_exists',
  'oauth_state_mismatch',
  'disallowed_login_method',
  'disallowed_plus_email',
  'disallowed_recovery_method',
  // Setting recovery on a server-managed (privy-v2) wallet (wallet spec, "States and transitions").
  'unsupported_recovery_method',
  'cannot_set_password',
  'invalid_pkce_parameters',
  'cross_app_connection_not_allowed',
  'user_does_not_exist',
  'resource_already_exists',
  'account_transfer_required',
  'user_has_not_delegated_wallet',
  'feature_not_enabled',
  'insufficient_funds',
  'transaction_broadcast_failure',
  'invalid_policy_format',
  'policy_violation',
  'invalid_request',
  'signup_disabled',
  'mfa_required',
  'not_found',
  'payload_too_large',
  'internal_error',
] as const
export type ApiErrorCode = (typeof apiErrorCodes)[number]

/** Error codes raised by the client itself, never sent by the server (sign-in spec, "The error catalogue"). */
export const clientErrorCodes = [
  'client_request_timeout',
  'client_request_aborted',
  'network_error',
  'exited_auth_flow',
  'exited_link_flow',
  'exited_update_flow',
  'oauth_user_denied',
  'oauth_unexpected',
  'unknown_auth_error',
  'must_be_authenticated',
  'embedded_wallet_already_exists',
  'embedded_wallet_not_found',
  'embedded_wallet_create_error',
  'embedded_wallet_password_unconfirmed',
  'embedded_wallet_recovery_already_exists',
  'transaction_failure',
  'unsupported_chain_id',
  'captcha_timeout',
  'captcha_failure',
  'captcha_disabled',
  'invalid_message',
  'unable_to_sign',
  'session_storage_unavailable',
  'storage_error',
  'passkey_not_allowed',
  'insufficient_balance',
  'unsupported_wallet_type',
  'failed_to_link_account',
  'failed_to_update_account',
  'missing_mfa_credentials',
  'generic_connect_wallet_error',
  'invalid_config',
  'already_logged_in',
  'cross_app_read_only',
  'cross_app_request_error',
  'embedded_wallet_request_error',
  'wallet_not_on_device',
  'invalid_recovery_pin',
  'unsupported_recovery_method',
  'mfa_timeout',
  'mfa_verification_max_attempts_reached',
  'reauthentication_required',
] as const
export type ClientErrorCode = (typeof clientErrorCodes)[number]

export type ErrorCode = ApiErrorCode | ClientErrorCode

/** The body of every non-2xx API response. */
export interface ApiErrorBody {
  error: string
  code: ApiErrorCode
  /** Extra machine-readable detail; `account_transfer_required` carries an AccountTransferErrorData. */
  data?: Record<string, unknown>
}

/** `data` of an `account_transfer_required` error (the shape the reference modal reads). */
export interface AccountTransferErrorData {
  nonce: string
  /** The account's subject where it has one (OAuth subject, Farcaster fid). */
  subject?: string
  account: { displayName: string }
  otherUser: { embeddedWalletAddress: string | null }
}

const apiCodeSet: ReadonlySet<string> = new Set(apiErrorCodes)
export function isApiErrorCode(value: unknown): value is ApiErrorCode {
  return typeof value === 'string' && apiCodeSet.has(value)
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null) return false
  const body = value as Record<string, unknown>
  return typeof body.error === 'string' && typeof body.code === 'string'
}
