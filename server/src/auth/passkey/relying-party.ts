import type { AppRecord } from '../../apps/types.js'
import { ApiError } from '../../http/api-error.js'
import { isAllowedRedirect } from '../oauth/redirect-url.js'

/** An origin (`scheme://host[:port]`) on the app's allowlist; `http://localhost:*` entries match any port. */
export const isAllowedOrigin = (app: AppRecord, origin: string): boolean => isAllowedRedirect(origin, app.allowedOrigins)

/**
 * The WebAuthn RP ID: the app's `passkeyRpId`, else the hostname of the caller's origin, which must be
 * one of the app's allowed origins (the browser only lets a page claim its own host or a parent of it).
 */
export function relyingPartyId(app: AppRecord, origin: string | undefined): string {
  if (app.passkeyRpId) return app.passkeyRpId
  if (!origin) throw new ApiError(400, 'missing_origin', 'An Origin header is required for passkeys')
  if (!isAllowedOrigin(app, origin)) throw new ApiError(403, 'invalid_origin', 'Origin is not allowed for this app')
  return new URL(origin).hostname
}
