/**
 * The transact popup's address: the request rides in the fragment of the provider's transact URL (the token
 * never reaches a server log or a Referer); the provider's page reads it back.
 */
import { crossAppTransactParams, type CrossAppTransactRequestDto } from '../../../protocol/index.js'
import type { CrossAppTransactRequest } from './types.js'

/** JSON has no bigints: a quantity goes as hex, as JSON-RPC writes it (and the reference SDK sends it). */
const hexBigints = (_key: string, value: unknown) => (typeof value === 'bigint' ? `0x${value.toString(16)}` : value)

export function transactRequestUrl(transactUrl: string, request: CrossAppTransactRequest): URL {
  const url = new URL(transactUrl)
  url.hash = new URLSearchParams({
    [crossAppTransactParams.requesterAppId]: request.requesterAppId,
    [crossAppTransactParams.requesterOrigin]: request.requesterOrigin,
    [crossAppTransactParams.stateCode]: request.stateCode,
    [crossAppTransactParams.token]: request.token,
    [crossAppTransactParams.request]: JSON.stringify(request.request, hexBigints),
  }).toString()
  return url
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** The four requests the reference SDK sends (wallet spec, "States and transitions": "Cross-app request"), each with its params' shape. */
const isTransactRequest = (value: unknown): value is CrossAppTransactRequestDto => {
  const request = value as { method?: unknown; params?: unknown } | null
  if (!request || !Array.isArray(request.params)) return false
  const [first, second] = request.params as unknown[]
  switch (request.method) {
    case 'personal_sign':
      return request.params.length === 2 && typeof first === 'string' && typeof second === 'string'
    case 'eth_signTypedData_v4':
      return request.params.length === 2 && typeof first === 'string' && (typeof second === 'string' || isObject(second))
    case 'eth_sendTransaction':
    case 'eth_signTransaction':
      return request.params.length === 1 && isObject(first)
    default:
      return false
  }
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
