import { useEffect } from 'react'
import type { CustomAuthState, TesseraClient, Unsubscribe } from '../../src/core/index.js'
import { useTesseraClient } from '../context.js'
import { useLatest } from './latest.js'
import { useCustomAuth } from './use-custom-auth.js'
import { watchJwtAuth, type JwtAuthCallbacks } from './use-subscribe-to-jwt-auth-with-flag.js'

/** Calls back whenever the app's own auth state changes; answers a function that stops listening. */
export type SubscribeToJwtAuth = (onJwtAuthStateChange: () => void) => Unsubscribe

export interface UseSyncJwtBasedAuthStateInput extends JwtAuthCallbacks {
  subscribe: SubscribeToJwtAuth
  /** The app's current JWT, undefined while its user is signed out. */
  getExternalJwt(): Promise<string | undefined>
  /** Default true; the server must also allow custom auth. */
  enabled?: boolean
  onError?(error: Error): void
}

/**
 * The effect's body: custom auth on with the app's JWT, synced now and at each change the app's auth reports;
 * failures reach `onError`. The cleanup stops listening and turns custom auth off.
 */
export function syncJwtBasedAuthState(
  client: TesseraClient,
  subscribe: SubscribeToJwtAuth,
  enabled: boolean | undefined,
  input: () => UseSyncJwtBasedAuthStateInput,
): Unsubscribe {
  const offErrors = client.auth.customAuth.watchState((state) => {
    if (state.status === 'error' && state.error) input().onError?.(state.error)
  })
  const offEvents = watchJwtAuth(client, input)
  client.auth.customAuth.configure({
    ...(enabled === undefined ? {} : { enabled }),
    isLoading: false,
    getCustomAccessToken: async () => (await input().getExternalJwt()) ?? null,
  })
  const offExternal = subscribe(() => void client.auth.customAuth.sync())
  return () => {
    offExternal()
    offEvents()
    offErrors()
    client.auth.customAuth.configure(null)
  }
}

/**
 * Keeps the Tessera session in step with the app's own JWT-based auth, which reports its changes through
 * `subscribe` (the reference SDK's `useSyncJwtBasedAuthState`). Memoize `subscribe`: a new one re-subscribes.
 */
export function useSyncJwtBasedAuthState(input: UseSyncJwtBasedAuthStateInput): { state: CustomAuthState } {
  const client = useTesseraClient()
  const latest = useLatest(input)
  const { subscribe, enabled } = input
  useEffect(() => syncJwtBasedAuthState(client, subscribe, enabled, () => latest.current), [client, subscribe, enabled, latest])
  return { state: useCustomAuth() }
}
