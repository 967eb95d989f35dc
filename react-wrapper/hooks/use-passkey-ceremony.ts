import { useCallback } from 'react'
import type { PasskeyFlowState, PasskeyIntent, TesseraError, User } from '../../src/core/index.js'
import { useTesseraClient } from '../context.js'
import { reportOrThrow, useLatest } from './latest.js'
import { useLoginMethodState } from '../../elements/client-slices.js'

export interface PasskeyCallbacks<Detail> {
  onComplete?(detail: Detail): void
  /** When given, failures are reported here instead of rejecting. */
  onError?(error: TesseraError): void
}

/** What the three passkey hooks share: the flow's state and one ceremony of `intent` with its callbacks. */
export function usePasskeyCeremony<Detail>(
  intent: PasskeyIntent,
  callbacks: PasskeyCallbacks<Detail>,
  detail: (user: User) => Detail,
): { state: PasskeyFlowState; run(options?: { captchaToken?: string }): Promise<void> } {
  const client = useTesseraClient()
  const state = useLoginMethodState(client, 'passkey')
  const latest = useLatest({ callbacks, detail })
  const run = useCallback(
    async (options: { captchaToken?: string } = {}) => {
      try {
        const user = await (intent === 'link'
          ? client.auth.passkey.link()
          : intent === 'signup'
            ? client.auth.passkey.signup(options)
            : client.auth.passkey.login(options))
        latest.current.callbacks.onComplete?.(latest.current.detail(user))
      } catch (error) {
        reportOrThrow(error, latest.current.callbacks.onError)
      }
    },
    [client, intent, latest],
  )
  return { state, run }
}
