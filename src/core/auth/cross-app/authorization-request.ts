/** The popup's address: the requester writes its request into the provider's authorize URL, the provider's page reads it back. */
import { crossAppRequestParams } from '../../../protocol/index.js'
import type { CrossAppAuthorizationRequest } from './types.js'

export function authorizationRequestUrl(authorizeUrl: string, request: CrossAppAuthorizationRequest): URL {
  const url = new URL(authorizeUrl)
  url.searchParams.set(crossAppRequestParams.requesterAppId, request.requesterAppId)
  url.searchParams.set(crossAppRequestParams.requesterOrigin, request.requesterOrigin)
  url.searchParams.set(crossAppRequestParams.stateCode, request.stateCode)
  url.searchParams.set(crossAppRequestParams.codeChallenge, request.codeChallenge)
  return url
}

/** The request in a provider page's query, or null when a part is missing. */
export function readAuthorizationRequest(search: string): CrossAppAuthorizationRequest | null {
  const params = new URLSearchParams(search)
  const requesterAppId = params.get(crossAppRequestParams.requesterAppId)
  const requesterOrigin = params.get(crossAppRequestParams.requesterOrigin)
  const stateCode = params.get(crossAppRequestParams.stateCode)
  const codeChallenge = params.get(crossAppRequestParams.codeChallenge)
  if (!requesterAppId || !requesterOrigin || !stateCode || !codeChallenge) return null
  return { requesterAppId, requesterOrigin, stateCode, codeChallenge }
}
