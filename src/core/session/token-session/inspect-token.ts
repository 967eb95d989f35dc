import { TOKEN_FRESHNESS_MARGIN_SECONDS } from '../../../protocol/index.js'
import { decodeAccessToken, tokenAppId } from '../jwt.js'
import type { TokenRuntime } from './runtime.js'

export type TokenState = 'missing' | 'malformed' | 'app-mismatch' | 'expired' | 'active'

/** What a stored access token is worth: 'expired' already within the freshness margin. */
export function inspectToken({ appId, now }: Pick<TokenRuntime, 'appId' | 'now'>, token: string | null): TokenState {
  if (token === null) return 'missing'
  const claims = decodeAccessToken(token)
  if (!claims) return 'malformed'
  if (tokenAppId(claims) !== appId) return 'app-mismatch'
  return claims.exp * 1000 - now() > TOKEN_FRESHNESS_MARGIN_SECONDS * 1000 ? 'active' : 'expired'
}
