import type { AppRecord, LoginMethod } from '../../apps/types.js'
import { ApiError } from '../../http/api-error.js'

/** 403 `disallowed_login_method` unless the app enabled `method`. */
export function assertLoginMethodEnabled(app: AppRecord, method: LoginMethod): void {
  if (!app.loginMethods.includes(method)) throw new ApiError(403, 'disallowed_login_method', `Login with ${method} is not allowed for this app`)
}

/** Emails, domains and wallet addresses compare case-insensitively; phone numbers by their digits ('+1 (555) 123-4567'). */
function normalizeIdentifier(value: string): string {
  const identifier = value.trim().toLowerCase()
  return /^\+[\d\s().-]+$/.test(identifier) ? `+${identifier.replace(/\D/g, '')}` : identifier
}

/** 403 `allowlist_rejected` when the app's allowlist is on and none of the identifiers is on it. */
export function assertAllowlisted(app: AppRecord, identifiers: string[]): void {
  if (!app.allowlist.enabled) return
  const entries = new Set(app.allowlist.entries.map(normalizeIdentifier))
  const allowed = identifiers.some((raw) => {
    const identifier = normalizeIdentifier(raw)
    const domain = identifier.includes('@') ? `@${identifier.split('@').pop()}` : null
    return entries.has(identifier) || (domain !== null && entries.has(domain))
  })
  if (!allowed) throw new ApiError(403, 'allowlist_rejected', 'This account is not on the allowlist for this app')
}
