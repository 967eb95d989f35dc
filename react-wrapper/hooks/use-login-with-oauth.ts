import { useCallback, useEffect, useRef } from 'react'
import type { OAuthFlowState, TesseraError, User } from '../../src/core/index.js'
import { oauthProviders, type OAuthProvider } from '../../src/protocol/index.js'
import { useTesseraClient } from '../context.js'
import { reportOrThrow, useLatest } from './latest.js'
import { useLoginMethodState } from '../../elements/client-slices.js'

export interface UseLoginWithOAuthOptions {
  onComplete?(detail: { user: User; isNewUser: boolean; loginMethod: OAuthProvider }): void
  /** When given, failures (also of a redirect return) are reported here instead of rejecting. */
  onError?(error: TesseraError): void
}

export interface UseLoginWithOAuthResult {
  /** Redirects to the provider (or opens the 440×680 popup with `popup: true`). */
  initOAuth(input: { provider: OAuthProvider; disableSignup?: boolean; popup?: boolean; redirectUrl?: string }): Promise<void>
  state: OAuthFlowState
  /** True from the start until the return has been exchanged or has failed. */
  loading: boolean
}

const isOAuthProvider = (method: string): method is OAuthProvider => (oauthProviders as readonly string[]).includes(method)

/**
 * Headless OAuth sign-in. The client completes a redirect return by itself on page load; this hook
 * follows that through the client's events, so `onComplete` also fires after the page came back.
 */
export function useLoginWithOAuth(options: UseLoginWithOAuthOptions = {}): UseLoginWithOAuthResult {
  const client = useTesseraClient()
  const state = useLoginMethodState(client, 'oauth')
  const latest = useLatest(options)
  // While initOAuth runs, its own rejection reports the failure; the watcher covers the redirect return.
  const starting = useRef(false)

  useEffect(
    () =>
      client.on('login', ({ user, isNewUser, loginMethod }) => {
        if (isOAuthProvider(loginMethod)) latest.current.onComplete?.({ user, isNewUser, loginMethod })
      }),
    [client, latest],
  )
  useEffect(
    () =>
      client.auth.oauth.watchState((next, previous) => {
        if (next.status === 'error' && previous.status !== 'error' && next.error && !starting.current) latest.current.onError?.(next.error)
      }),
    [client, latest],
  )

  const initOAuth = useCallback<UseLoginWithOAuthResult['initOAuth']>(
    async ({ provider, ...rest }) => {
      starting.current = true
      try {
        await client.auth.oauth.start(provider, { intent: 'login', headless: true, ...rest })
      } catch (error) {
        reportOrThrow(error, latest.current.onError)
      } finally {
        starting.current = false
      }
    },
    [client, latest],
  )

  const loading = state.status === 'redirecting' || state.status === 'awaiting-popup' || state.status === 'authenticating'
  return { initOAuth, state, loading }
}
