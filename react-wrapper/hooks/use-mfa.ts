import { useCallback, useMemo } from 'react'
import { useMfaState } from '../../elements/client-slices.js'
import type { MfaAnswer, MfaMethodType, MfaState } from '../../src/core/index.js'
import { useTesseraClient } from '../context.js'

export interface UseMfaResult {
  /** The signed-in user's MFA methods. */
  mfaMethods: MfaMethodType[]
  /** The pending verification of a wallet operation (or of `verify()`), null when nothing is asked. */
  challenge: MfaState['challenge']
  /** Starts answering with `method`: SMS sends the code; TOTP and passkey need nothing first (the passkey prompt runs on submit). */
  init(method: MfaMethodType): Promise<void>
  /** Answers the challenge; resolves once the waiting operation went through, rejects with the classified error. */
  submit(answer: MfaAnswer): Promise<void>
  /** Ends the challenge: the waiting operation rejects with 'Canceled MFA verification.'. */
  cancel(): void
}

/** Headless MFA verification (the reference SDK's `useMfa`), over `client.mfa` with one subscription. */
export function useMfa(): UseMfaResult {
  const client = useTesseraClient()
  const state = useMfaState(client)
  const init = useCallback(
    async (method: MfaMethodType) => {
      if (method === 'sms') await client.mfa.sendSmsCode()
    },
    [client],
  )
  const submit = useCallback((answer: MfaAnswer) => client.mfa.submit(answer), [client])
  const cancel = useCallback(() => client.mfa.cancel(), [client])
  return useMemo(() => ({ mfaMethods: state.enrolled, challenge: state.challenge, init, submit, cancel }), [state, init, submit, cancel])
}
