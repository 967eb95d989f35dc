import { useCallback } from 'react'
import type { OtpFlowState, TesseraError, User } from '../../src/core/index.js'
import { useTesseraClient } from '../context.js'
import { reportOrThrow, useLatest } from './latest.js'
import { useLoginMethodState, type OtpChannel } from '../../elements/client-slices.js'

export interface UpdateContactCallbacks {
  onSuccess?(detail: { user: User }): void
  /** When given, failures are reported here instead of rejecting. */
  onError?(error: TesseraError): void
}

/**
 * Replaces the signed-in user's email or phone number headlessly: a code goes to the new one, and
 * submitting it swaps the old for the new (the one implementation behind useUpdateEmail and useUpdatePhone).
 */
export function useUpdateContact(channel: OtpChannel, callbacks: UpdateContactCallbacks) {
  const client = useTesseraClient()
  const state: OtpFlowState = useLoginMethodState(client, channel)
  const latest = useLatest(callbacks)

  const sendCode = useCallback(
    async (next: string) => {
      const user = client.getAuth().user
      const previousIdentifier = channel === 'email' ? user?.email?.address : user?.phone?.number
      try {
        await client.auth[channel].sendCode(next, { intent: 'update', ...(previousIdentifier ? { previousIdentifier } : {}) })
      } catch (error) {
        reportOrThrow(error, latest.current.onError)
      }
    },
    [client, channel, latest],
  )

  const submitCode = useCallback(
    async (code: string) => {
      try {
        const user = await client.auth[channel].submitCode(code)
        latest.current.onSuccess?.({ user })
      } catch (error) {
        reportOrThrow(error, latest.current.onError)
      }
    },
    [client, channel, latest],
  )

  return { sendCode, submitCode, state }
}
