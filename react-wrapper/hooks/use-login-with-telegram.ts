import { useCallback, useEffect, useRef } from 'react'
import type { TelegramFlowState, TelegramLoginOptions, TesseraError, User } from '../../src/core/index.js'
import { useTesseraClient } from '../context.js'
import { reportOrThrow, useLatest } from './latest.js'
import { useLoginMethodState } from '../../elements/client-slices.js'

export interface UseLoginWithTelegramOptions {
  onComplete?(detail: { user: User; isNewUser: boolean; loginMethod: 'telegram' }): void
  /** When given, failures (also of a widget redirect return) are reported here instead of rejecting. */
  onError?(error: TesseraError): void
}

export interface UseLoginWithTelegramResult {
  /** Mini App `initData` when seamless sign-in is on, else the login widget (popup; `popup: false` redirects). */
  login(options?: TelegramLoginOptions): Promise<void>
  state: TelegramFlowState
  loading: boolean
}

/** Headless Telegram sign-in (the reference SDK's `useLoginWithTelegram`); `onComplete` also fires after a redirect return. */
export function useLoginWithTelegram(options: UseLoginWithTelegramOptions = {}): UseLoginWithTelegramResult {
  const client = useTesseraClient()
  const state = useLoginMethodState(client, 'telegram')
  const latest = useLatest(options)
  // While login runs, its own rejection reports the failure; the watcher covers the redirect return.
  const starting = useRef(false)

  useEffect(
    () =>
      client.on('login', ({ user, isNewUser, loginMethod }) => {
        if (loginMethod === 'telegram') latest.current.onComplete?.({ user, isNewUser, loginMethod })
      }),
    [client, latest],
  )
  useEffect(
    () =>
      client.auth.telegram.watchState((next, previous) => {
        if (next.status === 'error' && previous.status !== 'error' && next.error && !starting.current) latest.current.onError?.(next.error)
      }),
    [client, latest],
  )

  const login = useCallback<UseLoginWithTelegramResult['login']>(
    async (loginOptions) => {
      starting.current = true
      try {
        await client.auth.telegram.login(loginOptions)
      } catch (error) {
        reportOrThrow(error, latest.current.onError)
      } finally {
        starting.current = false
      }
    },
    [client, latest],
  )

  return { login, state, loading: state.status === 'awaiting-telegram' || state.status === 'verifying' }
}
