/**
 * The frame's MFA tokens, in memory only (src/frame/README.md "Security rules"): one per user of the app, set by a verification, sent on
 * the user's gated share calls, gone after MFA_TOKEN_TTL_SECONDS, on 'mfa:clear' (logout) and with the page.
 * The host never sees a token: it stays between this frame and the server.
 */
import { MFA_TOKEN_TTL_SECONDS } from '../protocol/index.js'

export interface MfaTokenStore {
  /** The token kept for the user of `accessToken`, if it is still fresh. */
  get(accessToken: string): string | null
  set(accessToken: string, token: string): void
  clear(): void
}

/** The access token's subject (its user), read without verifying: only the server trusts a token, this just keys the store. */
export function subjectOf(accessToken: string): string | null {
  try {
    const payload = JSON.parse(atob(accessToken.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown }
    return typeof payload.sub === 'string' && payload.sub ? payload.sub : null
  } catch {
    return null
  }
}

export function mfaTokenStore(now: () => number = Date.now): MfaTokenStore {
  const tokens = new Map<string, { token: string; expiresAt: number }>()
  return {
    get(accessToken) {
      const user = subjectOf(accessToken)
      const kept = user === null ? undefined : tokens.get(user)
      if (!kept) return null
      if (kept.expiresAt > now()) return kept.token
      tokens.delete(user!)
      return null
    },
    set(accessToken, token) {
      const user = subjectOf(accessToken)
      // A token the frame cannot tie to a user is not kept: the next gated call asks again.
      if (user !== null) tokens.set(user, { token, expiresAt: now() + MFA_TOKEN_TTL_SECONDS * 1000 })
    },
    clear: () => tokens.clear(),
  }
}
