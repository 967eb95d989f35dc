/** The session manager's callbacks: its user and tokens shown in the client's stores and events. */
import type { SignOutReason } from '../session/types.js'
import type { TokenKind } from '../session/token-writes.js'
import type { User } from '../user/types.js'
import type { ClientRuntime } from './runtime.js'

/** A user who went away is announced as a logout; before the start-up check ends the status stays 'loading'. */
export function showSessionUser({ auth, events }: ClientRuntime, user: User | null, reason?: SignOutReason): void {
  const previous = auth.get()
  auth.set({ status: user ? 'authenticated' : previous.status === 'loading' ? 'loading' : 'unauthenticated', user })
  if (!user && previous.user) events.emit('logout', { reason: reason ?? 'session-ended' })
}

/** The identity token is kept for `getIdentityToken`; an access token is announced. */
export function showSessionToken({ identityToken, events }: ClientRuntime, kind: TokenKind, value: string | null): void {
  if (kind === 'identityToken') identityToken.set(value)
  else events.emit('accessToken', { accessToken: value })
}
