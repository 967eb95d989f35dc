/** Decodes (never verifies) an access token: the client only reads `exp` and the app id (docs/wire.md "Tokens"). */
export interface AccessTokenClaims {
  exp: number
  sub?: string
  aud?: string | string[]
  aid?: string
  [claim: string]: unknown
}

/** Null unless the value is three base64url parts whose payload is JSON with a numeric `exp`. */
export function decodeAccessToken(token: unknown): AccessTokenClaims | null {
  if (typeof token !== 'string') return null
  const parts = token.split('.')
  if (parts.length !== 3 || !parts.every((part) => /^[A-Za-z0-9_-]+$/.test(part))) return null
  try {
    const payload: unknown = JSON.parse(base64UrlDecode(parts[1]!))
    if (typeof payload !== 'object' || payload === null) return null
    const claims = payload as AccessTokenClaims
    return typeof claims.exp === 'number' && Number.isFinite(claims.exp) ? claims : null
  } catch {
    return null
  }
}

/** The app id from the `aid` claim, else the audience. */
export function tokenAppId(claims: AccessTokenClaims): string | null {
  if (typeof claims.aid === 'string') return claims.aid
  if (typeof claims.aud === 'string') return claims.aud
  return Array.isArray(claims.aud) && typeof claims.aud[0] === 'string' ? claims.aud[0] : null
}

function base64UrlDecode(part: string): string {
  const base64 = part
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(part.length / 4) * 4, '=')
  const binary = atob(base64)
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)))
}
