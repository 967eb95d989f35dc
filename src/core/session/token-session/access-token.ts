import { inspectToken } from './inspect-token.js'
import { clearLocal, type TokenRuntime } from './runtime.js'

/** The stored access token while fresh, else a refreshed one; null when the session is gone (and cleared). */
export async function getAccessToken(runtime: TokenRuntime): Promise<string | null> {
  const { keys } = runtime
  const token = await runtime.read(keys.token)
  switch (inspectToken(runtime, token)) {
    case 'active':
      return token
    case 'malformed':
      await clearLocal(runtime, 'session-ended')
      return null
    case 'app-mismatch':
      await runtime.logout('app-mismatch')
      return null
  }
  if (!(await runtime.read(keys.refreshToken))) {
    if (token || runtime.user) await clearLocal(runtime, 'session-ended')
    return null
  }
  const fresh = await runtime.refresh()
  const state = inspectToken(runtime, fresh)
  if (state === 'malformed') await clearLocal(runtime, 'session-ended')
  if (state === 'app-mismatch') await runtime.logout('app-mismatch')
  return state === 'active' || state === 'expired' ? fresh : null
}
