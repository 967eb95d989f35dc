import { BaseError, HttpRequestError, TimeoutError } from 'viem'
import { ApiError } from '../http/api-error.js'

export const broadcastFailure = (message: string) => new ApiError(400, 'transaction_broadcast_failure', message)
export const unsupportedChain = (id: string) => new ApiError(400, 'invalid_data', `Unsupported chainId ${id}`)
export const chainUnreachable = () => new ApiError(503, 'internal_error', 'The chain is not reachable, try again shortly', { 'Retry-After': '5' })

/**
 * A chain's refusal (a revert, too little balance, a bad nonce) is the request's fault: 400 transaction_broadcast_failure with viem's short message,
 * which names the failure and never the RPC URL (it may carry a provider key). An unreachable node is 503.
 */
export function chainFailure(error: unknown): ApiError {
  if (error instanceof ApiError) return error
  if (!(error instanceof BaseError)) return chainUnreachable()
  if (
    error.walk((cause) => cause instanceof HttpRequestError || cause instanceof TimeoutError) &&
    !error.walk((cause) => cause instanceof BaseError && /revert|insufficient|nonce/i.test(cause.shortMessage))
  )
    return chainUnreachable()
  return broadcastFailure(`The transaction was refused by the chain: ${error.shortMessage}`)
}
