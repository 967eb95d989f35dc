import type { AuthenticatedUserDto } from '../../../protocol/index.js'
import { refreshSession } from '../../api/sessions.js'
import { userFromDto } from '../../user/from-dto.js'
import { COOKIE_HELD_REFRESH_TOKEN } from '../cookie-session-storage.js'
import { isRefreshTokenSpent, markRefreshTokenSpent } from '../spent-refresh-token.js'
import { endsSession } from './ends-session.js'
import { inspectToken } from './inspect-token.js'
import { clearLocal, setUser, write, type TokenRuntime } from './runtime.js'
import { loadUser } from './user.js'

/** How long a tab that finds its refresh token spent waits for the new tokens to reach its storage. */
const spentTokenWaitMs = 2_000
const storagePollMs = 20

type StoredSession = { token: string | null; refreshToken: string | null }

/** A cookie-held refresh token rotates in the browser's cookie jar, which every tab reads at once: no marker needed. */
const rotatesInStorage = (refreshToken: string | null): refreshToken is string => !!refreshToken && refreshToken !== COOKIE_HELD_REFRESH_TOKEN

const readSession = async ({ read, keys }: TokenRuntime): Promise<StoredSession> => ({
  token: await read(keys.token),
  refreshToken: await read(keys.refreshToken),
})

/** set: everything; ignore: only the access and identity tokens present; clear: wipe. */
async function applyRefreshOutcome(runtime: TokenRuntime, response: AuthenticatedUserDto): Promise<string | null> {
  const { keys, storage } = runtime
  switch (response.session_update_action) {
    case 'set':
      await write(runtime, keys.token, response.token)
      await write(runtime, keys.refreshToken, response.refresh_token)
      await write(runtime, keys.identityToken, response.identity_token)
      if (response.user) setUser(runtime, userFromDto(response.user))
      return response.token
    case 'ignore':
      if (response.token) await storage.put(keys.token, response.token)
      if (response.identity_token) await storage.put(keys.identityToken, response.identity_token)
      if (response.user) setUser(runtime, userFromDto(response.user))
      return runtime.read(keys.token)
    default:
      await clearLocal(runtime, 'session-ended')
      return null
  }
}

/** True when another tab already spent the stored refresh token, though this tab's storage does not show it yet. */
async function spentElsewhere(runtime: TokenRuntime, { token, refreshToken }: StoredSession): Promise<boolean> {
  return (
    inspectToken(runtime, token) !== 'active' &&
    rotatesInStorage(refreshToken) &&
    !!runtime.locks &&
    (await isRefreshTokenSpent(runtime.locks, runtime.appId, refreshToken))
  )
}

/** Storage once it differs from `seen`, or `seen` when nothing arrives in time. */
async function storageChangeFrom(runtime: TokenRuntime, seen: StoredSession): Promise<StoredSession> {
  for (let waited = 0; waited < spentTokenWaitMs; waited += storagePollMs) {
    await new Promise((resolve) => setTimeout(resolve, storagePollMs))
    const current = await readSession(runtime)
    if (current.token !== seen.token || current.refreshToken !== seen.refreshToken) return current
  }
  return seen
}

/** One refresh, run while holding the refresh lock: the stored token when another tab refreshed meanwhile. */
export async function refreshOnce(runtime: TokenRuntime): Promise<string | null> {
  const { locks, appId } = runtime
  // Another tab may have refreshed while this one waited for the lock.
  const seen = await readSession(runtime)
  const { token: stored, refreshToken } = (await spentElsewhere(runtime, seen)) ? await storageChangeFrom(runtime, seen) : seen
  if (inspectToken(runtime, stored) === 'active') {
    if (!runtime.user) await loadUser(runtime, stored!)
    return stored
  }
  if (!refreshToken) {
    await clearLocal(runtime, 'session-ended')
    return null
  }
  try {
    const fresh = await applyRefreshOutcome(runtime, await refreshSession(runtime.transport, refreshToken, stored))
    // Before the refresh lock is released, so its next holder learns the token is spent even if its storage lags.
    if (locks && rotatesInStorage(refreshToken)) await markRefreshTokenSpent(locks, appId, refreshToken)
    return fresh
  } catch (error) {
    if (!endsSession(error)) throw error
    await clearLocal(runtime, 'session-ended')
    return null
  }
}
