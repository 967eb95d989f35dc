import { useEffect, useRef } from 'react'
import type { CustomAuthConfig, TesseraClient, Unsubscribe, User } from '../../src/core/index.js'
import { useTesseraClient } from '../context.js'

export interface JwtAuthFlags {
  /** Whether the app's own user is signed in. */
  isAuthenticated: boolean
  /** True while the app's own auth is still loading: nothing is synced until it settles. */
  isLoading: boolean
  /** Default true; the server must also allow custom auth. */
  enabled?: boolean | undefined
}

export interface JwtAuthCallbacks {
  /** After the sync signed the app's user in. */
  onAuthenticated?(detail: { user: User; isNewUser: boolean }): void
  /** After the Tessera session ended. */
  onUnauthenticated?(): void
}

export interface UseSubscribeToJwtAuthWithFlagOptions extends JwtAuthFlags, JwtAuthCallbacks {
  /** The app's current token (asked only while `isAuthenticated`). */
  getExternalJwt(): Promise<string | null | undefined>
}

/** Configures the client's custom auth from the flags (which syncs); the returned cleanup turns it off. */
export function configureJwtAuth(client: TesseraClient, flags: JwtAuthFlags, getExternalJwt: () => Promise<string | null | undefined>): Unsubscribe {
  const config: CustomAuthConfig = {
    ...(flags.enabled === undefined ? {} : { enabled: flags.enabled }),
    isLoading: flags.isLoading,
    // No token while the app's user is signed out: the sync then ends a custom-auth session.
    getCustomAccessToken: async () => (flags.isAuthenticated ? ((await getExternalJwt()) ?? null) : null),
  }
  client.auth.customAuth.configure(config)
  return () => client.auth.customAuth.configure(null)
}

/** Calls back on a custom-auth sign-in and on the end of the session. */
export function watchJwtAuth(client: TesseraClient, callbacks: () => JwtAuthCallbacks): Unsubscribe {
  const offLogin = client.on('login', (event) => {
    if (event.loginMethod === 'custom_auth') callbacks().onAuthenticated?.({ user: event.user, isNewUser: event.isNewUser })
  })
  const offLogout = client.on('logout', () => callbacks().onUnauthenticated?.())
  return () => {
    offLogin()
    offLogout()
  }
}

/**
 * Keeps the Tessera session in step with the app's own auth (the reference SDK's hook of this name): the
 * client's custom auth is configured, and synced, whenever `isAuthenticated`, `isLoading` or `enabled`
 * change. Unmounting turns custom auth off. Use it or the provider's `customAuth` prop, not both.
 */
export function useSubscribeToJwtAuthWithFlag(options: UseSubscribeToJwtAuthWithFlagOptions): void {
  const client = useTesseraClient()
  // The latest functions, so a new one each render does not re-sync.
  const latest = useRef(options)
  latest.current = options
  const { isAuthenticated, isLoading, enabled } = options

  useEffect(
    () => configureJwtAuth(client, { isAuthenticated, isLoading, enabled }, () => latest.current.getExternalJwt()),
    [client, isAuthenticated, isLoading, enabled],
  )
  useEffect(() => watchJwtAuth(client, () => latest.current), [client])
}
