import { useCallback, useRef } from 'react'
import { TesseraError, type EmailFlowState, type User } from '../../src/core/index.js'
import { useTesseraClient } from '../context.js'
import { useEmailFlow } from './use-client-slices.js'

export interface UseLoginWithEmailOptions {
  onComplete?(detail: { user: User; isNewUser: boolean }): void
  /** When given, failures are reported here instead of rejecting. */
  onError?(error: TesseraError): void
}

export interface UseLoginWithEmailResult {
  sendCode(input: { email: string }): Promise<void>
  loginWithCode(input: { code: string }): Promise<void>
  state: EmailFlowState
}

/** Headless email sign-in (your own UI): the same flow state the modal uses. */
export function useLoginWithEmail(options: UseLoginWithEmailOptions = {}): UseLoginWithEmailResult {
  const client = useTesseraClient()
  const state = useEmailFlow(client)
  const latest = useRef(options)
  latest.current = options

  const fail = useCallback((error: unknown) => {
    const onError = latest.current.onError
    if (!onError) throw error
    onError(TesseraError.is(error) ? error : new TesseraError({ code: 'unknown_auth_error', shortMessage: 'Something went wrong', cause: error }))
  }, [])

  const sendCode = useCallback(
    async ({ email }: { email: string }) => {
      try {
        await client.email.sendCode(email)
      } catch (error) {
        fail(error)
      }
    },
    [client, fail],
  )

  const loginWithCode = useCallback(
    async ({ code }: { code: string }) => {
      let isNewUser = false
      // The client's login event carries isNewUser; listen only for the duration of this call.
      const off = client.on('login', (payload) => {
        isNewUser = payload.isNewUser
      })
      try {
        const user = await client.email.loginWithCode(code)
        latest.current.onComplete?.({ user, isNewUser })
      } catch (error) {
        fail(error)
      } finally {
        off()
      }
    },
    [client, fail],
  )

  return { sendCode, loginWithCode, state }
}
