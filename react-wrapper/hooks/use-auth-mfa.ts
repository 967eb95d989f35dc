import { useCallback } from 'react'
import type { LoginMfaState } from '../../src/core/index.js'
import { useTesseraContext } from '../context.js'
import { useSlice } from '../../elements/client-slices.js'

export interface UseAuthMfaResult {
  /** 'required' while a sign-in waits for its second factor (its login rejected with code `mfa_required`). */
  state: LoginMfaState
  /**
   * The authenticator app's code: finishes a pending sign-in, or, signed in, proves the factor again (a factor change
   * needs one within 15 minutes). Headless: the app asks for the code; `standalone` is the reference's and changes nothing.
   */
  verify(options: { code: string; standalone?: boolean }): Promise<void>
  /** Drops a pending sign-in. */
  cancel(): void
}

const idleOnServer: LoginMfaState = { status: 'idle', methods: [] }

/** Sign-in MFA verification (the reference SDK's `useAuthMfa`, headless: no modal screen). */
export function useAuthMfa(): UseAuthMfaResult {
  const { client } = useTesseraContext()
  const state = useSlice(
    (listener) => client.loginMfa.watch(listener),
    () => client.loginMfa.getState(),
    () => idleOnServer,
  )
  const verify = useCallback(({ code }: { code: string }) => client.loginMfa.verify(code), [client])
  const cancel = useCallback(() => client.loginMfa.cancel(), [client])
  return { state, verify, cancel }
}
