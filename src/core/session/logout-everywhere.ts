/** "Log out everywhere" (docs/security.md #35): the server ends every session of the user in this app, then this one ends here too. */
import { logoutAllSessions } from '../api/sessions.js'
import type { Transport } from '../api/transport.js'
import type { SessionManager } from './types.js'

export interface LogoutEverywhereOptions {
  transport: Transport
  session: Pick<SessionManager, 'getAccessToken' | 'logout'>
}

/**
 * Rejects, still signed in, when the server did not end the sessions (offline, an outage): unlike a logout, the user
 * must learn that the other devices are still signed in. Signed out already: nothing to do.
 */
export async function logoutEverywhere({ transport, session }: LogoutEverywhereOptions): Promise<void> {
  const accessToken = await session.getAccessToken()
  if (!accessToken) return
  await logoutAllSessions(transport, accessToken)
  // The ordinary logout then clears this device (storage, analytics id, the API's session cookies in cookie mode).
  await session.logout('user')
}
