/** Tokens, refresh and logout (document 1 §4 "Session refresh outcome", "Token use", "Logout"): loaded by the session manager. */
import { TOKEN_FRESHNESS_MARGIN_SECONDS, type AuthenticatedUserDto, type UserDto } from '../../protocol/index.js'
import { logoutSession, refreshSession } from '../api/sessions.js'
import { getCurrentUser } from '../api/users.js'
import { TesseraError } from '../errors/base-error.js'
import { userFromDto } from '../user/from-dto.js'
import type { User } from '../user/types.js'
import { singleFlight } from '../utils/single-flight.js'
import { COOKIE_HELD_REFRESH_TOKEN } from './cookie-session-storage.js'
import { decodeAccessToken, tokenAppId } from './jwt.js'
import { storageKeys } from './keys.js'
import { watchTokenWrites } from './token-writes.js'
import type { SessionManager, SessionManagerOptions, SignOutReason } from './session-manager.js'
import { isRefreshTokenSpent, markRefreshTokenSpent, type LockManagerLike } from './spent-refresh-token.js'

/** How long a tab that finds its refresh token spent waits for the new tokens to reach its storage. */
const spentTokenWaitMs = 2_000
const storagePollMs = 20

const noUserReturnedError = () =>
  new TesseraError({ code: 'unknown_auth_error', shortMessage: 'Authentication failed - no user returned' })

type TokenState = 'missing' | 'malformed' | 'app-mismatch' | 'expired' | 'active'
type StoredSession = { token: string | null; refreshToken: string | null }

/** What the session manager shares with the token code it loads. */
export interface TokenSessionContext {
  read(key: string): Promise<string | null>
  /** Logout ends the analytics id too: the next one is created fresh. */
  forgetAnalyticsId(): void
}

/** The part of a session a signed-out visitor never needs: it loads once a token is stored or a login stores one. */
export type TokenSession = Omit<SessionManager, 'getAnalyticsId' | 'watchOtherTabs'> & {
  /** Follows a token another tab stored (or removed: null). */
  followOtherTab(token: string | null): Promise<void>
}

export function createTokenSession(options: SessionManagerOptions, { read, forgetAnalyticsId }: TokenSessionContext): TokenSession {
  const { appId, transport } = options
  const keys = storageKeys(appId)
  const storage = options.onTokens ? watchTokenWrites(options.storage, keys, options.onTokens) : options.storage
  const now = options.now ?? Date.now
  const locks = options.locks !== undefined ? options.locks : defaultLocks()
  let user: User | null = null

  const write = async (key: string, value: string | null | undefined) => {
    if (value) await storage.put(key, value)
    else await storage.del(key)
  }

  function inspect(token: string | null): TokenState {
    if (token === null) return 'missing'
    const claims = decodeAccessToken(token)
    if (!claims) return 'malformed'
    if (tokenAppId(claims) !== appId) return 'app-mismatch'
    return claims.exp * 1000 - now() > TOKEN_FRESHNESS_MARGIN_SECONDS * 1000 ? 'active' : 'expired'
  }

  function setUser(next: User | null, reason?: SignOutReason) {
    const changed = next !== user
    user = next
    if (changed) options.onUser(next, next ? undefined : reason)
  }

  async function clearLocal(reason: SignOutReason) {
    await Promise.all([storage.del(keys.token), storage.del(keys.refreshToken), storage.del(keys.identityToken)])
    setUser(null, reason)
  }

  /** set: everything; ignore: only the access and identity tokens present; clear: wipe. */
  async function applyRefreshOutcome(response: AuthenticatedUserDto): Promise<string | null> {
    switch (response.session_update_action) {
      case 'set':
        await write(keys.token, response.token)
        await write(keys.refreshToken, response.refresh_token)
        await write(keys.identityToken, response.identity_token)
        if (response.user) setUser(userFromDto(response.user))
        return response.token
      case 'ignore':
        if (response.token) await storage.put(keys.token, response.token)
        if (response.identity_token) await storage.put(keys.identityToken, response.identity_token)
        if (response.user) setUser(userFromDto(response.user))
        return read(keys.token)
      default:
        await clearLocal('session-ended')
        return null
    }
  }

  async function loadUser(token: string): Promise<User | null> {
    try {
      const response = await getCurrentUser(transport, token)
      if (response.identity_token) await storage.put(keys.identityToken, response.identity_token)
      setUser(userFromDto(response.user))
      return user
    } catch (error) {
      if (endsSession(error)) {
        await clearLocal('session-ended')
        return null
      }
      throw error
    }
  }

  const readSession = async (): Promise<StoredSession> => ({ token: await read(keys.token), refreshToken: await read(keys.refreshToken) })

  /** True when another tab already spent the stored refresh token, though this tab's storage does not show it yet. */
  async function spentElsewhere({ token, refreshToken }: StoredSession): Promise<boolean> {
    return inspect(token) !== 'active' && rotatesInStorage(refreshToken) && !!locks && (await isRefreshTokenSpent(locks, appId, refreshToken))
  }

  /** Storage once it differs from `seen`, or `seen` when nothing arrives in time. */
  async function storageChangeFrom(seen: StoredSession): Promise<StoredSession> {
    for (let waited = 0; waited < spentTokenWaitMs; waited += storagePollMs) {
      await new Promise((resolve) => setTimeout(resolve, storagePollMs))
      const current = await readSession()
      if (current.token !== seen.token || current.refreshToken !== seen.refreshToken) return current
    }
    return seen
  }

  async function refreshOnce(): Promise<string | null> {
    // Another tab may have refreshed while this one waited for the lock.
    const seen = await readSession()
    const { token: stored, refreshToken } = (await spentElsewhere(seen)) ? await storageChangeFrom(seen) : seen
    if (inspect(stored) === 'active') {
      if (!user) await loadUser(stored!)
      return stored
    }
    if (!refreshToken) {
      await clearLocal('session-ended')
      return null
    }
    try {
      const fresh = await applyRefreshOutcome(await refreshSession(transport, refreshToken, stored))
      // Before the refresh lock is released, so its next holder learns the token is spent even if its storage lags.
      if (locks && rotatesInStorage(refreshToken)) await markRefreshTokenSpent(locks, appId, refreshToken)
      return fresh
    } catch (error) {
      if (!endsSession(error)) throw error
      await clearLocal('session-ended')
      return null
    }
  }

  const refresh = singleFlight(async () =>
    locks ? ((await locks.request(`tessera:refresh:${appId}`, { mode: 'exclusive' }, refreshOnce)) as string | null) : refreshOnce(),
  )

  async function getAccessToken(): Promise<string | null> {
    const token = await read(keys.token)
    switch (inspect(token)) {
      case 'active':
        return token
      case 'malformed':
        await clearLocal('session-ended')
        return null
      case 'app-mismatch':
        await logout('app-mismatch')
        return null
    }
    if (!(await read(keys.refreshToken))) {
      if (token || user) await clearLocal('session-ended')
      return null
    }
    const fresh = await refresh()
    const state = inspect(fresh)
    if (state === 'malformed') await clearLocal('session-ended')
    if (state === 'app-mismatch') await logout('app-mismatch')
    return state === 'active' || state === 'expired' ? fresh : null
  }

  const logout = singleFlight(async (reason: SignOutReason = 'user') => {
    const [token, refreshToken] = await Promise.all([read(keys.token), read(keys.refreshToken)])
    if (token || refreshToken) {
      // The server call may fail (offline, already revoked): the local session ends anyway.
      await logoutSession(transport, refreshToken, token).catch(() => undefined)
    }
    await Promise.all([storage.del(keys.analyticsId), storage.del(keys.guestCredential)])
    forgetAnalyticsId()
    await clearLocal(reason)
  })

  async function storeLogin(response: AuthenticatedUserDto): Promise<User> {
    if (!response.user) throw noUserReturnedError()
    await write(keys.token, response.token)
    await write(keys.refreshToken, response.refresh_token)
    await write(keys.identityToken, response.identity_token)
    return replaceUser(response.user)
  }

  async function restore(): Promise<User | null> {
    const token = await getAccessToken()
    if (token && !user) await loadUser(token)
    return user
  }

  async function fetchUser(): Promise<User | null> {
    const token = await getAccessToken()
    return token ? loadUser(token) : null
  }

  async function followOtherTab(token: string | null) {
    // With cookie sessions this tab's access token is its own (memory): it ends with the other tab's session.
    if (!token) await ((await read(keys.token)) ? clearLocal('session-ended') : setUser(null, 'session-ended'))
    else if (!user && (token === COOKIE_HELD_REFRESH_TOKEN || inspect(token) !== 'malformed')) await restore()
  }

  async function replaceUser(dto: UserDto): Promise<User> {
    const next = userFromDto(dto)
    setUser(next)
    return next
  }

  return {
    getAccessToken,
    restore,
    storeLogin,
    fetchUser,
    replaceUser,
    logout: (reason) => logout(reason),
    getUser: () => user,
    followOtherTab,
  }
}

/** A cookie-held refresh token rotates in the browser's cookie jar, which every tab reads at once: no marker needed. */
const rotatesInStorage = (refreshToken: string | null): refreshToken is string => !!refreshToken && refreshToken !== COOKIE_HELD_REFRESH_TOKEN

/** Errors after which the refresh token is known to be dead (not network trouble or a server outage). */
function endsSession(error: unknown): boolean {
  if (!TesseraError.is(error)) return false
  if (error.code === 'missing_or_invalid_token') return true
  return error.status !== undefined && error.status >= 400 && error.status < 500 && !error.retryable
}

function defaultLocks(): LockManagerLike | null {
  const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks
  return locks ? { request: (name, options, callback) => locks.request(name, options, callback), query: () => locks.query() } : null
}
