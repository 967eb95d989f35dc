/**
 * Identity tokens kept per user, so `/users/me` and a refresh hand back the token already signed while the user's
 * claims are unchanged and more than half its lifetime is left (issue 19: one ES256 signature less per request).
 * One cache per signing key: a rotated key signs anew. Bounded; the oldest entry leaves first.
 */
const MAX_ENTRIES = 10_000

interface Entry {
  claims: string
  token: string
  expiresAt: number
}

const caches = new WeakMap<object, Map<string, Entry>>()

function cacheFor(signingKey: object): Map<string, Entry> {
  let cache = caches.get(signingKey)
  if (!cache) caches.set(signingKey, (cache = new Map()))
  return cache
}

/** The kept token for these exact claims, when at least `minRemainingSeconds` of it are left. */
export function keptIdentityToken(signingKey: object, key: string, claims: string, nowSeconds: number, minRemainingSeconds: number): string | null {
  const entry = cacheFor(signingKey).get(key)
  return entry && entry.claims === claims && entry.expiresAt - nowSeconds >= minRemainingSeconds ? entry.token : null
}

export function keepIdentityToken(signingKey: object, key: string, entry: Entry): void {
  const cache = cacheFor(signingKey)
  cache.delete(key)
  cache.set(key, entry)
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!)
}
