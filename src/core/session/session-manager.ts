/**
 * The session (sign-in spec, "States and transitions": "Session refresh outcome", "Token use", "Logout"). The token code (token-session.ts)
 * loads once a token is stored or a login stores one: a visitor without a session draws the landing without it.
 */
import type { AuthenticatedUserDto, UserDto } from '../../protocol/index.js'
import type { Transport } from '../api/transport.js'
import type { Unsubscribe } from '../listener.js'
import type { TokenStorage } from '../types.js'
import type { User } from '../user/types.js'
import { lazily } from '../utils/lazily.js'
import { randomUuid } from '../utils/random-uuid.js'
import { COOKIE_HELD_REFRESH_TOKEN, createSessionTokenStorage } from './cookie-session-storage.js'
import { storageKeys } from './keys.js'
import type { LockManagerLike } from './spent-refresh-token.js'
import type { TokenChangeListener } from './token-writes.js'

export type SignOutReason = 'user' | 'session-ended' | 'app-mismatch'

export type { LockManagerLike }

export interface SessionManagerOptions {
  appId: string
  storage: TokenStorage
  transport: Transport
  /** Called when the signed-in user changes; `reason` is set when it becomes null. */
  onUser(user: User | null, reason?: SignOutReason): void
  /** Called when the stored access or identity token changes (null: removed). */
  onTokens?: TokenChangeListener
  /** Defaults to `navigator.locks`; without it refreshes are de-duplicated per tab only. */
  locks?: LockManagerLike | null
  now?: () => number
  /** True while the app keeps the refresh token in an API cookie: tokens then stay in memory (cookie-session-storage.ts). */
  cookieSessions?: () => boolean
}

export interface SessionManager {
  /** A token with more than 30 s left, refreshing first when needed; null when signed out. */
  getAccessToken(): Promise<string | null>
  /** The stored-session check at start-up. */
  restore(): Promise<User | null>
  /** Stores the tokens of a login response (always all three) and its user. */
  storeLogin(response: AuthenticatedUserDto): Promise<User>
  /** Re-reads the user with `GET /users/me`. */
  fetchUser(): Promise<User | null>
  /** Shows the user a link, unlink, update or transfer answered with. */
  replaceUser(dto: UserDto): Promise<User>
  logout(reason?: SignOutReason): Promise<void>
  getUser(): User | null
  /** The `privy-ca-id` analytics id, created once and kept in storage. */
  getAnalyticsId(): Promise<string>
  /** Follows login and logout in other tabs through the `storage` event. */
  watchOtherTabs(): Unsubscribe
}

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
