import { useCallback } from 'react'
import type { OtpFlowState, TesseraError, User } from '../../src/core/index.js'
import { useTesseraClient } from '../context.js'
import { reportOrThrow, useLatest } from './latest.js'
import { useLoginMethodState, type OtpChannel } from '../../elements/client-slices.js'

export interface OtpLoginCallbacks {
  onComplete?(detail: { user: User; isNewUser: boolean }): void
  /** When given, failures are reported here instead of rejecting. */
  onError?(error: TesseraError): void
}

/** Sign-in with a one-time code over email or SMS: the one implementation behind both headless hooks. */
export function useOtpLogin(channel: OtpChannel, callbacks: OtpLoginCallbacks) {
  const client = useTesseraClient()
  const state: OtpFlowState = useLoginMethodState(client, channel)
  const latest = useLatest(callbacks)

  const sendCode = useCallback(
    async (identifier: string) => {
      try {
        await client.auth[channel].sendCode(identifier)
      } catch (error) {
        reportOrThrow(error, latest.current.onError)
      }
    },
    [client, channel, latest],
  )

  const loginWithCode = useCallback(
    async (code: string) => {
      let isNewUser = false
      // The client's login event carries isNewUser; listen only for the duration of this call.
      const off = client.on('login', (payload) => {
        isNewUser = payload.isNewUser
      })
      try {
        const user = await client.auth[channel].loginWithCode(code)
        latest.current.onComplete?.({ user, isNewUser })
      } catch (error) {
        reportOrThrow(error, latest.current.onError)
      } finally {
        off()
      }
    },
    [client, channel, latest],
  )

  return { sendCode, loginWithCode, state }
}
