import { SignJWT, jwtVerify, decodeProtectedHeader, type JWTPayload } from 'jose'
import type { UserDto } from '../../../src/protocol/index.js'
import type { ServerContext } from '../context.js'
import { invalidToken } from '../http/api-error.js'
import { keepIdentityToken, keptIdentityToken } from './identity-token-cache.js'

/** The `typ` header of identity tokens; access tokens use 'JWT', so one can never pass for the other. */
export const IDENTITY_TOKEN_TYP = 'id+jwt'
const ACCESS_TOKEN_TYP = 'JWT'
const CLOCK_LEEWAY_SECONDS = 60

type TokenContext = Pick<ServerContext, 'keys' | 'clock' | 'issuer' | 'accessTokenTtlSeconds'>

export async function signAccessToken(ctx: TokenContext, appId: string, userId: string, sessionId: string): Promise<string> {
  const iat = Math.floor(ctx.clock.now() / 1000)
  return new SignJWT({ sid: sessionId })
    .setProtectedHeader({ alg: 'ES256', typ: ACCESS_TOKEN_TYP, kid: ctx.keys.kid })
    .setIssuer(ctx.issuer)
    .setAudience(appId)
    .setSubject(userId)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ctx.accessTokenTtlSeconds)
    .sign(ctx.keys.privateKey)
}

/**
 * Identity token: the user's profile claims, signed like the access token but typed apart. The token signed last for
 * the same claims is handed back while more than half its lifetime is left (`identity-token-cache.ts`).
 */
export async function signIdentityToken(ctx: TokenContext, appId: string, user: UserDto): Promise<string> {
  const iat = Math.floor(ctx.clock.now() / 1000)
  const claims = {
    linked_accounts: JSON.stringify(user.linked_accounts),
    custom_metadata: JSON.stringify(user.custom_metadata ?? {}),
    created_at: user.created_at,
    has_accepted_terms: user.has_accepted_terms,
    is_guest: user.is_guest,
  }
  const key = `${ctx.issuer}\n${appId}\n${user.id}`
  const claimsText = JSON.stringify(claims)
  const kept = keptIdentityToken(ctx.keys.privateKey, key, claimsText, iat, ctx.accessTokenTtlSeconds / 2)
  if (kept) return kept
  const token = await new SignJWT(claims)
    .setProtectedHeader({ alg: 'ES256', typ: IDENTITY_TOKEN_TYP, kid: ctx.keys.kid })
    .setIssuer(ctx.issuer)
    .setAudience(appId)
    .setSubject(user.id)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ctx.accessTokenTtlSeconds)
    .sign(ctx.keys.privateKey)
  keepIdentityToken(ctx.keys.privateKey, key, { claims: claimsText, token, expiresAt: iat + ctx.accessTokenTtlSeconds })
  return token
}

export interface AccessClaims {
  userId: string
  sessionId: string
}

/**
 * Verifies an access token for `appId`: ES256 only, a known kid, no key-carrying headers,
 * typ 'JWT', iss, aud, exp/nbf with 60 s leeway. Any failure is 401 missing_or_invalid_token.
 */
export async function verifyAccessToken(ctx: TokenContext, token: string, appId: string): Promise<AccessClaims> {
  let payload: JWTPayload
  try {
    const header = decodeProtectedHeader(token)
    if (header.jku !== undefined || header.x5u !== undefined || header.jwk !== undefined || header.x5c !== undefined) throw new Error('key headers')
    const result = await jwtVerify(
      token,
      (protectedHeader) => {
        const key = protectedHeader.kid ? ctx.keys.publicKeys.get(protectedHeader.kid) : undefined
        if (!key) throw new Error('unknown kid')
        return key
      },
      {
        algorithms: ['ES256'],
        issuer: ctx.issuer,
        audience: appId,
        typ: ACCESS_TOKEN_TYP,
        clockTolerance: CLOCK_LEEWAY_SECONDS,
        currentDate: new Date(ctx.clock.now()),
        requiredClaims: ['sub', 'sid', 'exp', 'iat'],
      },
    )
    payload = result.payload
  } catch {
    throw invalidToken()
  }
  if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') throw invalidToken()
  return { userId: payload.sub, sessionId: payload.sid }
}
