import type { AppRecord } from '../../apps/types.js'
import { invalidData } from '../../http/api-error.js'

/** `scheme://host:*<path>`: an allowlist entry that matches this host and path on any port (local development). */
const ANY_PORT = /^(https?:\/\/[A-Za-z0-9.-]+):\*(\/[^?#]*)?$/
const WITH_PORT = /^(https?:\/\/[A-Za-z0-9.-]+):(\d{1,5})(\/[^?#]*)?$/

/**
 * Exact string comparison against the app's OAuth redirect URLs (docs/security.md #14): no prefix, suffix,
 * subdomain, userinfo, normalisation or decoding. The one relaxation is an entry's `:*` port.
 */
export function isAllowedRedirect(redirectTo: string, allowed: readonly string[]): boolean {
  return allowed.some((entry) => {
    const pattern = ANY_PORT.exec(entry)
    if (!pattern) return entry === redirectTo
    const candidate = WITH_PORT.exec(redirectTo)
    return !!candidate && candidate[1] === pattern[1] && Number(candidate[2]) <= 65535 && (candidate[3] ?? '') === (pattern[2] ?? '')
  })
}

export function assertRedirectAllowed(app: AppRecord, redirectTo: string): void {
  if (!isAllowedRedirect(redirectTo, app.oauthRedirectUrls)) throw invalidData("redirect_to is not one of the app's OAuth redirect URLs")
}
