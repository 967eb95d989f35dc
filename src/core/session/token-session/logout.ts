import { logoutSession } from '../../api/sessions.js'
import type { SignOutReason } from '../types.js'
import { clearLocal, type TokenRuntime } from './runtime.js'

/** Ends the session on the server when it can and locally always, the analytics id and guest credential with it. */
export async function logout(runtime: TokenRuntime, reason: SignOutReason = 'user'): Promise<void> {
  const { keys, storage, read } = runtime
  const [token, refreshToken] = await Promise.all([read(keys.token), read(keys.refreshToken)])
  if (token || refreshToken) {
    // The server call may fail (offline, already revoked): the local session ends anyway.
    await logoutSession(runtime.transport, refreshToken, token).catch(() => undefined)
  }
  await Promise.all([storage.del(keys.analyticsId), storage.del(keys.guestCredential)])
  runtime.forgetAnalyticsId()
  await clearLocal(runtime, reason)
}
