/** The OAuth return in the address (sign-in spec, "Screens and routes": "OAuth return detection"). */
import { oauthReturnParams } from '../../../protocol/index.js'

export interface OAuthReturn {
  authorizationCode: string
  stateCode: string
  /** As found in the address; checked against the stored flow before use. */
  provider: string
  /** The server's error code when the provider leg failed; the code is empty then. */
  error?: string
}

const returnParamNames: ReadonlySet<string> = new Set(Object.values(oauthReturnParams))

/** The return held by a query string; null unless state, provider and a code or an error are all present. */
export function readOAuthReturn(search: string): OAuthReturn | null {
  const params = new URLSearchParams(search)
  const authorizationCode = params.get(oauthReturnParams.code)
  const stateCode = params.get(oauthReturnParams.state)
  const provider = params.get(oauthReturnParams.provider)
  const error = params.get(oauthReturnParams.error)
  if (!stateCode || !provider) return null
  if (error) return { authorizationCode: '', stateCode, provider, error }
  return authorizationCode ? { authorizationCode, stateCode, provider } : null
}

/** The address without the return parameters; every other parameter keeps its exact spelling, and the hash stays. */
export function addressWithoutOAuthReturn(location: { pathname: string; search: string; hash: string }): string {
  const kept = location.search
    .replace(/^\?/, '')
    .split('&')
    .filter((pair) => pair !== '' && !returnParamNames.has(decodeParamName(pair)))
  return location.pathname + (kept.length ? `?${kept.join('&')}` : '') + location.hash
}

function decodeParamName(pair: string): string {
  const name = pair.split('=', 1)[0]!.replace(/\+/g, ' ')
  try {
    return decodeURIComponent(name)
  } catch {
    return name
  }
}
