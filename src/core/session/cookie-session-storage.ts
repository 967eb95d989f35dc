/**
 * Cookie sessions (docs/decisions.md "Cookie sessions"): while the app's API keeps the refresh token in an HttpOnly
 * cookie, the access and identity tokens live in this page's memory only; storage holds just a non-secret marker
 * that a session exists, so a reload knows to refresh through the cookie.
 */
import { COOKIE_REFRESH_TOKEN_PLACEHOLDER } from '../../protocol/index.js'
import type { TokenStorage } from '../client-options.js'
import type { StorageKeys } from './keys.js'

/** Stands in for the refresh token the browser holds as a cookie; never sent (the refresh body then names none). */
export const COOKIE_HELD_REFRESH_TOKEN = COOKIE_REFRESH_TOKEN_PLACEHOLDER

/** `storage` with the token keys kept in memory whenever `cookieSessions()` says the app uses cookie sessions. */
export function createSessionTokenStorage(storage: TokenStorage, keys: StorageKeys, cookieSessions: () => boolean): TokenStorage {
  const memory = new Map<string, unknown>()
  const tokenKeys = new Set([keys.token, keys.refreshToken, keys.identityToken])
  let purged = false
  const inMemory = async (key: string) => {
    if (!tokenKeys.has(key) || !cookieSessions()) return false
    // Tokens stored before the app turned cookie sessions on leave storage; a stored refresh token is spent once, below.
    if (!purged) await Promise.all([storage.del(keys.token), storage.del(keys.identityToken)])
    purged = true
    return true
  }

  return {
    async get(key) {
      if (!(await inMemory(key))) return storage.get(key)
      if (key !== keys.refreshToken) return memory.get(key) ?? null
      return (await storage.get(keys.sessionMarker)) ? COOKIE_HELD_REFRESH_TOKEN : storage.get(keys.refreshToken)
    },
    async put(key, value) {
      if (!(await inMemory(key))) return storage.put(key, value)
      // Only the placeholder arrives in cookie mode: a refresh token stored before it is spent by now.
      if (key === keys.refreshToken) return storage.del(keys.refreshToken)
      memory.set(key, value)
      // An access token means a session exists.
      if (key === keys.token) await storage.put(keys.sessionMarker, 't')
    },
    async del(key) {
      if (!(await inMemory(key))) return storage.del(key)
      memory.delete(key)
      if (key === keys.refreshToken) await storage.del(keys.refreshToken)
      // Deleting the access token ends the session (logout, a refused refresh); the cookie is the server's to clear.
      if (key === keys.token) await storage.del(keys.sessionMarker)
    },
    getKeys: () => storage.getKeys(),
  }
}
