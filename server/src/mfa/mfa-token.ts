import { SignJWT, decodeProtectedHeader, jwtVerify } from 'jose'
import { MFA_TOKEN_TTL_SECONDS } from '../../../src/protocol/index.js'
import type { ServerContext } from '../context.js'
import type { AccessClaims } from '../sessions/tokens.js'

/** Its own `typ`, so an MFA token never passes for an access or identity token, nor they for it. */
const MFA_TOKEN_TYP = 'mfa+jwt'

type TokenContext = Pick<ServerContext, 'keys' | 'clock' | 'issuer'>

/** Proof that the user verified MFA in the session `sid` of app `appId`, for MFA_TOKEN_TTL_SECONDS (docs/security.md #49). */
export async function signMfaToken(ctx: TokenContext, appId: string, caller: AccessClaims): Promise<string> {
  const iat = Math.floor(ctx.clock.now() / 1000)
  return new SignJWT({ sid: caller.sessionId })
    .setProtectedHeader({ alg: 'ES256', typ: MFA_TOKEN_TYP, kid: ctx.keys.kid })
    .setIssuer(ctx.issuer)
    .setAudience(appId)
    .setSubject(caller.userId)
    .setIssuedAt(iat)
    .setExpirationTime(iat + MFA_TOKEN_TTL_SECONDS)
    .sign(ctx.keys.privateKey)
}

/**
 * Whether `token` is a live MFA token of this user and this very session (another session or user: false; no clock
 * leeway); with `maxAgeSeconds`, also issued no longer ago than that (a fresh proof).
 */
export async function isMfaTokenValid(ctx: TokenContext, token: string, appId: string, caller: AccessClaims, maxAgeSeconds?: number): Promise<boolean> {
  try {
    const header = decodeProtectedHeader(token)
    if (header.jku !== undefined || header.x5u !== undefined || header.jwk !== undefined || header.x5c !== undefined) return false
    const { payload } = await jwtVerify(
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
        typ: MFA_TOKEN_TYP,
        currentDate: new Date(ctx.clock.now()),
        requiredClaims: ['sub', 'sid', 'exp'],
        ...(maxAgeSeconds === undefined ? {} : { maxTokenAge: maxAgeSeconds }),
      },
    )
    return payload.sub === caller.userId && payload.sid === caller.sessionId
  } catch {
    return false
  }
}
