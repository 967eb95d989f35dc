/**
 * Failures of a connected wallet's abilities (sign, send, switch): a user's rejection stays a 4001 provider error
 * ('The user rejected the request.', as the embedded providers reject), typed errors pass, anything else the wallet
 * threw becomes the action's TesseraError. Loaded with the wallet engine only.
 */
import { TesseraError } from '../errors/base-error.js'
import { userRejectedRequestError } from '../transactions/confirmation-queue.js'
import { ProviderRpcError } from './embedded/provider-rpc-error.js'
import { providerErrorCode, providerErrorCodes } from './ethereum/eip1193.js'

export function walletActionError(error: unknown, fallback: (cause: unknown) => TesseraError): Error {
  if (providerErrorCode(error) === providerErrorCodes.userRejected) return userRejectedRequestError()
  if (TesseraError.is(error) || error instanceof ProviderRpcError) return error
  return fallback(error)
}

/** Runs one wallet request, its failure as `walletActionError` gives it. */
export async function walletAction<T>(run: () => Promise<T>, fallback: (cause: unknown) => TesseraError): Promise<T> {
  try {
    return await run()
  } catch (error) {
    throw walletActionError(error, fallback)
  }
}

/** The wallet refused or failed a chain switch for a reason other than the user (4001) or an unknown chain. */
export const chainSwitchError = (chainId: number) => (cause: unknown) =>
  new TesseraError({
    code: 'unsupported_chain_id',
    shortMessage: `The wallet could not switch to chain ${chainId}`,
    details: cause instanceof Error ? cause.message : undefined,
    cause,
    data: { providerCode: providerErrorCode(cause) },
  })

/** Funding spec, "Validation rules": a transaction for the wallet must contain the wallet's public key. */
export const walletNotInTransactionError = (address: string) =>
  new TesseraError({ code: 'unable_to_sign', shortMessage: `The transaction does not contain the wallet's public key ${address}` })
