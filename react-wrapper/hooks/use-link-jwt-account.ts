import { useCallback, useState } from 'react'
import type { TesseraError, User } from '../../src/core/index.js'
import { useTesseraClient } from '../context.js'
import { reportOrThrow, useLatest } from './latest.js'

/** The reference SDK's `JwtAuthFlowState`. */
export type JwtAuthFlowState = { status: 'initial' | 'loading' | 'not-enabled' | 'done' } | { status: 'error'; error: Error | null }

export interface UseLinkJwtAccountCallbacks {
  onSuccess?(detail: { user: User }): void
  /** When given, failures are reported here instead of rejecting. */
  onError?(error: TesseraError): void
}

export interface UseLinkJwtAccountResult {
  /** Links the account the JWT of the app's identity provider names to the signed-in user. */
  linkWithCustomJwt(jwt: string): Promise<{ user: User } | undefined>
  state: JwtAuthFlowState
}

/** Links a custom-JWT account (the reference SDK's `useLinkJwtAccount`). */
export function useLinkJwtAccount(callbacks: UseLinkJwtAccountCallbacks = {}): UseLinkJwtAccountResult {
  const client = useTesseraClient()
  const latest = useLatest(callbacks)
  const [state, setState] = useState<JwtAuthFlowState>({ status: 'initial' })
  const linkWithCustomJwt = useCallback(
    async (jwt: string) => {
      setState({ status: 'loading' })
      try {
        const detail = { user: await client.auth.customAuth.link(jwt) }
        setState({ status: 'done' })
        latest.current.onSuccess?.(detail)
        return detail
      } catch (error) {
        setState({ status: 'error', error: error instanceof Error ? error : null })
        reportOrThrow(error, latest.current.onError)
        return undefined
      }
    },
    [client, latest],
  )
  return { linkWithCustomJwt, state }
}
