/**
 * The transact popup's address: the request rides in the fragment of the provider's transact URL (the token
 * never reaches a server log or a Referer); the provider's page reads it back.
 */
import { crossAppTransactParams, type CrossAppTransactRequestDto } from '../../../protocol/index.js'
import type { CrossAppTransactRequest } from '../../types.js'

export function transactRequestUrl(transactUrl: string, request: CrossAppTransactRequest): URL {
  const url = new URL(transactUrl)
  url.hash = new URLSearchParams({
    [crossAppTransactParams.requesterAppId]: request.requesterAppId,
    [crossAppTransactParams.requesterOrigin]: request.requesterOrigin,
    [crossAppTransactParams.stateCode]: request.stateCode,
    [crossAppTransactParams.token]: request.token,
    [crossAppTransactParams.request]: JSON.stringify(request.request),
  }).toString()
  return url
}

const isTransactRequest = (value: unknown): value is CrossAppTransactRequestDto => {
  const request = value as { method?: unknown; params?: unknown } | null
  if (!request || !Array.isArray(request.params) || request.params.length !== 1) return false
  if (request.method === 'personal_sign') return typeof request.params[0] === 'string'
  return request.method === 'eth_sendTransaction' && typeof request.params[0] === 'object' && request.params[0] !== null
}

/** The request in a transact page's fragment, or null when a part is missing or malformed. */
export function readTransactRequest(hash: string): CrossAppTransactRequest | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''))
  const requesterAppId = params.get(crossAppTransactParams.requesterAppId)
  const requesterOrigin = params.get(crossAppTransactParams.requesterOrigin)
  const stateCode = params.get(crossAppTransactParams.stateCode)
  const token = params.get(crossAppTransactParams.token)
  if (!requesterAppId || !requesterOrigin || !stateCode || !token) return null
  try {
    const request: unknown = JSON.parse(params.get(crossAppTransactParams.request) ?? '')
    return isTransactRequest(request) ? { requesterAppId, requesterOrigin, stateCode, token, request } : null
  } catch {
    return null
  }
}
