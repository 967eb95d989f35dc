/** The OAuth return in the address (document 1 §2 "OAuth return detection"). */
import { oauthReturnParams } from '../../../protocol/index.js'

export interface OAuthReturn {
  authorizationCode: string
  stateCode: string
  /** As found in the address; checked against the stored flow before use. */
  provider: string
}

const returnParamNames: ReadonlySet<string> = new Set(Object.values(oauthReturnParams))

/** The return held by a query string; null unless code, state and provider are all present. */
export function readOAuthReturn(search: string): OAuthReturn | null {
  const params = new URLSearchParams(search)
  const authorizationCode = params.get(oauthReturnParams.code)
  const stateCode = params.get(oauthReturnParams.state)
  const provider = params.get(oauthReturnParams.provider)
  if (!authorizationCode || !stateCode || !provider) return null
  return { authorizationCode, stateCode, provider }
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
