/**
 * The session (sign-in spec, "States and transitions": "Session refresh outcome", "Token use", "Logout"). The token code (token-session.ts)
 * loads once a token is stored or a login stores one: a visitor without a session draws the landing without it.
 */
import type { Unsubscribe } from '../listener.js'
import { lazily } from '../utils/lazily.js'
import { randomUuid } from '../utils/random-uuid.js'
import { COOKIE_HELD_REFRESH_TOKEN, createSessionTokenStorage } from './cookie-session-storage.js'
import { storageKeys } from './keys.js'
import type { SessionManager, SessionManagerOptions } from './types.js'

export function createSessionManager(sessionOptions: SessionManagerOptions): SessionManager {
  const keys = storageKeys(sessionOptions.appId)
  const storage = createSessionTokenStorage(sessionOptions.storage, keys, sessionOptions.cookieSessions ?? (() => false))
  const options = { ...sessionOptions, storage }
  let analyticsId: Promise<string> | null = null

  const read = async (key: string) => {
    const value = await options.storage.get(key)
    return typeof value === 'string' && value ? value : null
  }
  const tokens = lazily(() =>
    import('./token-session.js').then(({ createTokenSession }) => createTokenSession(options, { read, forgetAnalyticsId: () => (analyticsId = null) })),
  )
  /** The token code, or null while nothing is stored and nobody signed in here (there is nothing to check then). */
  async function tokenSession() {
    const loaded = tokens.loaded()
    if (loaded) return loaded
    return (await read(keys.token)) || (await read(keys.refreshToken)) ? tokens.load() : null
  }

  function getAnalyticsId(): Promise<string> {
    analyticsId ??= (async () => {
      const stored = await read(keys.analyticsId)
      if (stored) return stored
      const created = randomUuid()
      await options.storage.put(keys.analyticsId, created)
      return created
    })()
    return analyticsId
  }

  /** The token the tabs share: the stored one, or with cookie sessions the cookie the session marker stands for. */
  async function otherTabsToken(): Promise<string | null> {
    if (!options.cookieSessions?.()) return read(keys.token)
    return (await read(keys.sessionMarker)) ? COOKIE_HELD_REFRESH_TOKEN : null
  }

  function watchOtherTabs(): Unsubscribe {
    if (typeof window === 'undefined' || typeof window.addEventListener !== 'function') return () => {}
    const onStorage = (event: StorageEvent) => {
      // `key` is null when another tab cleared the whole storage.
      if (event.key !== null && event.key !== keys.token && event.key !== keys.sessionMarker) return
      void (async () => {
        const token = await otherTabsToken()
        await (token ? await tokens.load() : tokens.loaded())?.followOtherTab(token)
      })().catch(() => undefined)
    }
    window.addEventListener('storage', onStorage)
    return () => window.removeEventListener('storage', onStorage)
  }

  return {
    getAccessToken: async () => (await tokenSession())?.getAccessToken() ?? null,
    restore: async () => (await tokenSession())?.restore() ?? null,
    fetchUser: async () => (await tokenSession())?.fetchUser() ?? null,
    storeLogin: async (response) => (await tokens.load()).storeLogin(response),
    replaceUser: async (dto) => (await tokens.load()).replaceUser(dto),
    logout: async (reason) => (await tokens.load()).logout(reason),
    getUser: () => tokens.loaded()?.getUser() ?? null,
    getAnalyticsId,
    watchOtherTabs,
  }
}
