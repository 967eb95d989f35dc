/**
 * Cookie sessions (docs/decisions.md "Cookie sessions"): while the app's API keeps the refresh token in an HttpOnly
 * cookie, the access and identity tokens live in this page's memory only; storage holds just a non-secret marker
 * that a session exists, so a reload knows to refresh through the cookie.
 */
import type { TokenStorage } from '../types.js'
import type { StorageKeys } from './keys.js'

/** Stands in for the refresh token the browser holds as a cookie; never sent (the refresh body then names none). */
export const COOKIE_HELD_REFRESH_TOKEN = 'cookie'

/** `storage` with the token keys kept in memory whenever `cookieSessions()` says the app uses cookie sessions. */
export function createSessionTokenStorage(storage: TokenStorage, keys: StorageKeys, cookieSessions: () => boolean): TokenStorage {
  const memory = new Map<string, unknown>()
  const tokenKeys = new Set([keys.token, keys.refreshToken, keys.identityToken])
  const inMemory = (key: string) => tokenKeys.has(key) && cookieSessions()

  return {
    async get(key) {
      if (!inMemory(key)) return storage.get(key)
      if (key === keys.refreshToken) return (await storage.get(keys.sessionMarker)) ? COOKIE_HELD_REFRESH_TOKEN : null
      return memory.get(key) ?? null
    },
    async put(key, value) {
      if (!inMemory(key)) return storage.put(key, value)
      // The refresh token never arrives in cookie mode; a stored access token means a session exists.
      if (key === keys.refreshToken) return
      memory.set(key, value)
      if (key === keys.token) await storage.put(keys.sessionMarker, 't')
    },
    async del(key) {
      if (!inMemory(key)) return storage.del(key)
      memory.delete(key)
      // Deleting the access token ends the session (logout, a refused refresh); the cookie is the server's to clear.
      if (key === keys.token) await storage.del(keys.sessionMarker)
    },
    getKeys: () => storage.getKeys(),
  }
}
