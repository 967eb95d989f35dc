/** Wallet errors with the spec's copy (sign-in spec, "The error catalogue": "Wallet login errors", "Wallet-provider (EIP-1193) errors"). */
import { TesseraError } from '../errors/base-error.js'
import { providerErrorCode, providerErrorCodes } from './ethereum/eip1193.js'
import type { WalletErrorKind } from './types.js'

const walletError = (kind: WalletErrorKind, options: ConstructorParameters<typeof TesseraError>[0]) =>
  new TesseraError({ ...options, data: { ...options.data, walletError: kind } })

export const walletTimedOutError = (cause?: unknown) =>
  walletError('timed_out', {
    code: 'client_request_timeout',
    shortMessage: 'Wallet request timed out',
    details: 'Please try connecting again.',
    retryable: true,
    cause,
  })

export const walletRejectedError = (signing: boolean, cause?: unknown) =>
  walletError('rejected', {
    code: 'generic_connect_wallet_error',
    shortMessage: 'You rejected the request',
    details: signing ? 'Signature rejected - Please try signing again.' : undefined,
    retryable: true,
    cause,
    data: { providerCode: providerErrorCodes.userRejected },
  })

export const walletConnectionError = (cause?: unknown, code: TesseraError['code'] = 'generic_connect_wallet_error') =>
  walletError('connection', { code, shortMessage: 'Could not log in with wallet', retryable: true, cause, data: { providerCode: providerErrorCode(cause) } })

export const unableToRetrieveAddressError = () => walletConnectionError(new Error('Unable to retrieve address'))

export const unsupportedWalletError = (id: string) => new TesseraError({ code: 'unsupported_wallet_type', shortMessage: `Unsupported wallet ${id}` })

export const walletNotConnectedError = () => new TesseraError({ code: 'generic_connect_wallet_error', shortMessage: 'Wallet is not currently connected.' })

export const unsupportedChainError = (chainId: number) =>
  new TesseraError({
    code: 'unsupported_chain_id',
    shortMessage: `Chain ID ${chainId} is not supported. It must be added to the config.supportedChains property of the provider.`,
  })

export const missingSigningMethodsError = () =>
  new TesseraError({ code: 'unable_to_sign', shortMessage: 'Wallet does not support the necessary signing methods' })

/** API codes the wallet screens word their own way; every other coded failure keeps its code for the shared error screens. */
function fromApiError(error: TesseraError): TesseraError {
  if (error.code === 'linked_to_another_user') {
    return walletError('user_exists', {
      code: error.code,
      shortMessage: 'User already exists for this address',
      details: 'Try another address!',
      status: error.status,
      cause: error,
      data: error.data,
    })
  }
  if (error.code === 'cannot_link_more_of_type') {
    return walletError('unable_to_link', {
      code: error.code,
      shortMessage: 'Unable to link',
      details: "You've reached the maximum number of linked wallets.",
      status: error.status,
      cause: error,
    })
  }
  // A bad signature or message, or the network: the wallet message, retryable.
  if (['invalid_credentials', 'invalid_data', 'network_error', 'client_request_timeout', 'unknown_auth_error'].includes(error.code))
    return walletConnectionError(error, error.code)
  return error
}

/** Any failure of a wallet connection or sign-in, as the error its screen shows. */
export function toWalletError(error: unknown, signing = false): TesseraError {
  if (TesseraError.is(error)) return error.data?.walletError ? error : fromApiError(error)
  if (providerErrorCode(error) === providerErrorCodes.userRejected) return walletRejectedError(signing, error)
  return walletConnectionError(error)
}

/** Which of the spec's wallet messages an error is; null for errors the shared screens handle (allowlist, user limit, ...). */
export function walletErrorKind(error: unknown): WalletErrorKind | null {
  if (!TesseraError.is(error)) return null
  const kind = error.data?.walletError
  return kind === 'user_exists' || kind === 'timed_out' || kind === 'connection' || kind === 'rejected' || kind === 'unable_to_link' ? kind : null
}
