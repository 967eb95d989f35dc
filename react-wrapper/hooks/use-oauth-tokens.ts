import { useCallback, useEffect } from 'react'
import type { OAuthProvider } from '../../src/protocol/index.js'
import type { OAuthTokens, TesseraClient, Unsubscribe, User } from '../../src/core/index.js'
import { useTesseraClient } from '../context.js'
import { useLatest } from './latest.js'

export interface OAuthTokenCallbacks {
  /** A login or link through an OAuth provider (a `reauthorize` too) answered with the provider's tokens (once per grant). */
  onOAuthTokenGrant?(params: { oAuthTokens: OAuthTokens; user: User }): void
}

export interface UseOAuthTokensResult {
  /** Runs the provider's authorization again for the account the user already linked (a popup: call it inside a click). */
  reauthorize(input: { provider: OAuthProvider }): Promise<void>
}

/** The effect's body: the latest callback hears each grant. */
export function watchOAuthTokenGrants(client: TesseraClient, callbacks: () => OAuthTokenCallbacks): Unsubscribe {
  return client.on('oauthTokens', (grant) => callbacks().onOAuthTokenGrant?.(grant))
}

/** The OAuth provider's tokens as logins grant them (the reference SDK's `useOAuthTokens`). */
export function useOAuthTokens(callbacks: OAuthTokenCallbacks = {}): UseOAuthTokensResult {
  const client = useTesseraClient()
  const latest = useLatest(callbacks)
  useEffect(() => watchOAuthTokenGrants(client, () => latest.current), [client, latest])
  // Linking the account the user already holds is accepted by the server, refreshes it and answers fresh tokens.
  const reauthorize = useCallback(
    async ({ provider }: { provider: OAuthProvider }) => void (await client.auth.oauth.start(provider, { intent: 'link', popup: true })),
    [client],
  )
  return { reauthorize }
}
