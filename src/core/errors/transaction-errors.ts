/** Confirmation and transaction errors with the spec's copy (funding spec, "The error catalogue"); loaded with the wallet code only. */
import { TesseraError } from './base-error.js'

/** A sent transaction whose receipt says 'reverted'; `data.hash` is the error screen's copyable hash. */
export const transactionFailedError = (hash: string) =>
  new TesseraError({ code: 'transaction_failure', shortMessage: 'Transaction failed', details: `Transaction ${hash} reverted.`, data: { hash } })

/** The client API's rejection of a transaction the user declined in the confirmation. */
export const transactionRejectedError = (cause?: unknown) =>
  new TesseraError({ code: 'transaction_failure', shortMessage: 'Transaction was rejected by the user', cause })

/** The chain refused the signed transaction (or the signing failed): the error screen shows the RPC's message. */
export const transactionSubmissionError = (cause: unknown) =>
  new TesseraError({
    code: 'transaction_failure',
    shortMessage: cause instanceof Error && cause.message ? cause.message.split('\n')[0]! : 'Something went wrong',
    cause,
  })

/** Reading the chain for the confirmation failed (gas estimate of a call that reverts, an unreachable RPC). */
export const transactionPreparationError = (cause: unknown) =>
  new TesseraError({
    code: 'transaction_failure',
    shortMessage: 'There was an error preparing your transaction. Your transaction request will likely fail.',
    details: cause instanceof Error ? cause.message : undefined,
    cause,
  })

/** Wallet spec, "Validation rules": "Delegation"; funding spec, "The calls it makes": sponsoring is refused for non-TEE wallets, as every on-device wallet is. */
export const sponsorshipNotSupportedError = () =>
  new TesseraError({
    code: 'not_supported',
    shortMessage: 'Gas sponsorship is not available for this wallet.',
    details: 'Only server-managed (TEE) wallets can have their transactions sponsored.',
  })

/** The wallet could not sign the message. */
export const unableToSignError = (cause: unknown) =>
  new TesseraError({ code: 'unable_to_sign', shortMessage: 'An error has occurred, please try again.', cause })

export const TRANSACTION_SCAN_FAILED_MESSAGE = 'Transaction scan failed'
