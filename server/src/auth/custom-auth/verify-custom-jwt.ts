import { createPublicKey, type KeyObject } from 'node:crypto'
import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose'
import type { AppRecord } from '../../apps/types.js'
import type { CustomJwtSettings } from './settings.js'
import type { ServerContext } from '../../context.js'
import { ApiError } from '../../http/api-error.js'
import type { VerifiedAccount } from '../shared/verified-account.js'

/** Asymmetric algorithms only: an HS* token "signed" with the public key can never pass. */
const ALGORITHMS = ['RS256', 'ES256', 'EdDSA']
const JWKS_TIMEOUT_MS = 5_000
const CLOCK_TOLERANCE_SECONDS = 60
const MAX_USER_ID_LENGTH = 256

export const invalidJwt = () => new ApiError(400, 'invalid_credentials', 'Invalid JWT')

// One key-set fetcher per URL, so its cache and cooldown hold across requests (a cache only: any process can rebuild it).
const keySets = new Map<string, JWTVerifyGetKey>()
function remoteKeySet(url: string): JWTVerifyGetKey {
  let keySet = keySets.get(url)
  if (!keySet) {
    keySet = createRemoteJWKSet(new URL(url), { timeoutDuration: JWKS_TIMEOUT_MS })
    keySets.set(url, keySet)
  }
  return keySet
}

function verificationKey(settings: CustomJwtSettings): JWTVerifyGetKey | KeyObject {
  if (settings.jwksUrl) return remoteKeySet(settings.jwksUrl)
  if (settings.publicKeyPem) {
    try {
      return createPublicKey(settings.publicKeyPem)
    } catch {
      // The CLI and config file refuse such a key; one stored some other way is the operator's fault, not the caller's.
      throw new ApiError(503, 'internal_error', 'Custom auth is misconfigured for this app')
    }
  }
  throw new ApiError(400, 'feature_not_enabled', 'Custom auth has no verification key configured for this app')
}

/** The app's settings, or 400 `feature_not_enabled` when the method is on but nothing is configured. */
export function customJwtSettings(app: AppRecord): CustomJwtSettings {
  if (!app.customJwt) throw new ApiError(400, 'feature_not_enabled', 'Custom auth is not configured for this app')
  return app.customJwt
}

/** Without both claims any token of a shared key set would pass (the settings refuse this; an older row may hold it). */
function boundClaims(settings: CustomJwtSettings): { issuer: string; audience: string } {
  if (!settings.issuer || !settings.audience)
    throw new ApiError(400, 'feature_not_enabled', 'Custom auth needs an issuer and an audience configured for this app')
  return { issuer: settings.issuer, audience: settings.audience }
}

/**
 * Verifies the app's own identity-provider token (signature, `exp`, `iss` and `aud` required)
 * and names the account by its user-id claim. Any invalid token is 400 `invalid_credentials` 'Invalid JWT';
 * an unreachable key set is the server's problem (503).
 */
export async function verifyCustomJwt(ctx: ServerContext, settings: CustomJwtSettings, token: string): Promise<VerifiedAccount> {
  const claims = boundClaims(settings)
  const key = verificationKey(settings)
  let payload: JWTPayload
  try {
    const options = {
      algorithms: ALGORITHMS,
      requiredClaims: ['exp'],
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      currentDate: new Date(ctx.clock.now()),
      ...claims,
    }
    ;({ payload } = typeof key === 'function' ? await jwtVerify(token, key, options) : await jwtVerify(token, key, options))
  } catch (error) {
    if (settings.jwksUrl && keySetUnavailable(error)) {
      ctx.logger.warn({ err: (error as Error).message }, 'custom auth key set unavailable')
      throw new ApiError(503, 'internal_error', "Could not reach the identity provider's keys, try again later")
    }
    throw invalidJwt()
  }
  const userId = userIdFrom(payload[settings.userIdClaim || 'sub'])
  if (userId === null) throw invalidJwt()
  const email = typeof payload.email === 'string' && payload.email.includes('@') ? [payload.email] : []
  return { type: 'custom_auth', key: userId, allowlistIdentifiers: email, displayName: userId }
}

/** Fetch failures, timeouts, non-200 answers and malformed key sets; a key set without the token's key is the token's fault. */
const keySetUnavailable = (error: unknown): boolean =>
  error instanceof errors.JWKSTimeout ||
  error instanceof errors.JWKSInvalid ||
  error instanceof TypeError ||
  (error instanceof errors.JOSEError && error.code === 'ERR_JOSE_GENERIC')

const userIdFrom = (claim: unknown): string | null => {
  const value = typeof claim === 'number' && Number.isSafeInteger(claim) ? String(claim) : claim
  return typeof value === 'string' && value.length > 0 && value.length <= MAX_USER_ID_LENGTH && !value.includes('\u0000') ? value : null
}
