import { useCallback, useEffect } from 'react'
import type { TesseraClient, Unsubscribe } from '../../src/core/index.js'
import { useTesseraClient } from '../context.js'
import { useLatest } from './latest.js'

export interface AccessTokenCallbacks {
  /** A new access token: at login and at each refresh. */
  onAccessTokenGranted?(params: { accessToken: string }): void
  /** The access token was removed (logout, or the session ended). */
  onAccessTokenRemoved?(): void
}

/** The effect's body: the latest callbacks hear each grant and removal. */
export function watchAccessTokens(client: TesseraClient, callbacks: () => AccessTokenCallbacks): Unsubscribe {
  return client.on('accessToken', ({ accessToken }) => {
    if (accessToken) callbacks().onAccessTokenGranted?.({ accessToken })
    else callbacks().onAccessTokenRemoved?.()
  })
}

/** `getAccessToken`, and the access-token grant and removal callbacks (the reference SDK's `useToken`). */
export function useToken(callbacks: AccessTokenCallbacks = {}): { getAccessToken(): Promise<string | null> } {
  const client = useTesseraClient()
  const latest = useLatest(callbacks)
  useEffect(() => watchAccessTokens(client, () => latest.current), [client, latest])
  const getAccessToken = useCallback(() => client.getAccessToken(), [client])
  return { getAccessToken }
}
