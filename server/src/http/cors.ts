import type { MiddlewareHandler } from 'hono'
import { AUTHORIZATION_SIGNATURE_HEADER, FARCASTER_CHANNEL_TOKEN_HEADER, REQUEST_EXPIRY_HEADER, headers } from '../../../src/protocol/index.js'
import { isOriginAllowed } from '../../../src/protocol/index.js'
import { ApiError } from './api-error.js'

/** @solana/web3.js's `Connection` sends it on every request, also to the chain relay. */
const SOLANA_CLIENT_HEADER = 'solana-client'
const allowedHeaders = [
  headers.appId,
  headers.clientId,
  headers.client,
  headers.analyticsId,
  'authorization',
  'content-type',
  headers.nativeApp,
  FARCASTER_CHANNEL_TOKEN_HEADER,
  SOLANA_CLIENT_HEADER,
  AUTHORIZATION_SIGNATURE_HEADER,
  REQUEST_EXPIRY_HEADER,
].join(', ')

/**
 * CORS with credentials for an app's allowed origins. `originsFor` returns the patterns that apply to
 * the request (the app's, or for a preflight, which carries no app header, those of every app).
 * Requests without an Origin header (server-side clients) pass; a foreign Origin gets 403 invalid_origin.
 */
export function cors(originsFor: (c: Parameters<MiddlewareHandler>[0], preflight: boolean) => Promise<string[] | null>): MiddlewareHandler {
  return async (c, next) => {
    const origin = c.req.header('origin')
    if (!origin) return next()
    const preflight = c.req.method === 'OPTIONS'
    const patterns = await originsFor(c, preflight)
    // Unknown app: let the route answer (404/400) without CORS headers.
    if (patterns === null) return next()
    if (!isOriginAllowed(origin, patterns)) throw new ApiError(403, 'invalid_origin', 'Origin not allowed for this app')
    c.header('Access-Control-Allow-Origin', origin)
    c.header('Access-Control-Allow-Credentials', 'true')
    c.header('Vary', 'Origin')
    if (preflight) {
      c.header('Access-Control-Allow-Methods', 'GET, POST, PATCH, DELETE, OPTIONS')
      c.header('Access-Control-Allow-Headers', allowedHeaders)
      c.header('Access-Control-Max-Age', '600')
      return c.body(null, 204)
    }
    c.header('Access-Control-Expose-Headers', 'Retry-After')
    return next()
  }
}
