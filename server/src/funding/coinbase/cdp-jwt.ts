import { randomBytes } from 'node:crypto'
import { SignJWT } from 'jose'
import type { CoinbaseOnrampSettings } from '../../apps/types.js'
import { ApiError } from '../../http/api-error.js'
import { cdpSigningKey } from './cdp-key.js'

/** CDP bearer tokens live two minutes, as CDP's own SDKs issue them. */
const CDP_JWT_SECONDS = 120

/**
 * The bearer JWT for one CDP REST call (CDP API key authentication): header `kid` = key name and a random `nonce`;
 * claims `iss` 'cdp', `sub` = key name, `aud` ['cdp_service'], `nbf`/`exp` two minutes apart, and the request as
 * '<METHOD> <host><path>' both in `uris` (CDP's SDKs) and `uri` (the Onramp docs' examples).
 */
export async function cdpJwt(
  settings: Pick<CoinbaseOnrampSettings, 'apiKeyName' | 'apiKeySecret'>,
  method: 'GET' | 'POST',
  url: string,
  nowMs: number,
): Promise<string> {
  const signing = cdpSigningKey(settings.apiKeySecret)
  if (!signing) throw new ApiError(503, 'internal_error', 'Coinbase Onramp is misconfigured for this app')
  const { host, pathname } = new URL(url)
  const request = `${method} ${host}${pathname}`
  const now = Math.floor(nowMs / 1000)
  return new SignJWT({ uris: [request], uri: request })
    .setProtectedHeader({ alg: signing.algorithm, kid: settings.apiKeyName, typ: 'JWT', nonce: randomBytes(16).toString('hex') })
    .setIssuer('cdp')
    .setSubject(settings.apiKeyName)
    .setAudience(['cdp_service'])
    .setNotBefore(now)
    .setExpirationTime(now + CDP_JWT_SECONDS)
    .sign(signing.key)
}
