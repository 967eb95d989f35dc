/** Tokens, refresh and logout (sign-in spec, "States and transitions": "Session refresh outcome", "Token use", "Logout"): loaded by the session manager. */
import { singleFlight } from '../utils/single-flight.js'
import type { SessionManager, SessionManagerOptions, SignOutReason } from './types.js'
import type { LockManagerLike } from './spent-refresh-token.js'
import { storageKeys } from './keys.js'
import { getAccessToken } from './token-session/access-token.js'
import { logout } from './token-session/logout.js'
import { refreshOnce } from './token-session/refresh.js'
import type { TokenRuntime } from './token-session/runtime.js'
import { fetchUser, followOtherTab, replaceUser, restore, storeLogin } from './token-session/user.js'
import { watchTokenWrites } from './token-writes.js'

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
  const locks = options.locks !== undefined ? options.locks : defaultLocks()
  const runtime: TokenRuntime = {
    appId,
    transport,
    keys,
    locks,
    read,
    forgetAnalyticsId,
    storage: options.onTokens ? watchTokenWrites(options.storage, keys, options.onTokens) : options.storage,
    now: options.now ?? Date.now,
    onUser: options.onUser,
    user: null,
    refresh: singleFlight(async () =>
      locks ? ((await locks.request(`tessera:refresh:${appId}`, { mode: 'exclusive' }, () => refreshOnce(runtime))) as string | null) : refreshOnce(runtime),
    ),
    logout: singleFlight((reason?: SignOutReason) => logout(runtime, reason)),
  }
  return {
    getAccessToken: () => getAccessToken(runtime),
    restore: () => restore(runtime),
    storeLogin: (response) => storeLogin(runtime, response),
    fetchUser: () => fetchUser(runtime),
    replaceUser: (dto) => replaceUser(runtime, dto),
    logout: (reason) => runtime.logout(reason),
    getUser: () => runtime.user,
    followOtherTab: (token) => followOtherTab(runtime, token),
  }
}

function defaultLocks(): LockManagerLike | null {
  const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks
  return locks ? { request: (name, options, callback) => locks.request(name, options, callback), query: () => locks.query() } : null
}
