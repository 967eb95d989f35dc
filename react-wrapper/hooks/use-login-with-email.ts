import { useMemo } from 'react'
import type { OtpFlowState } from '../../src/core/index.js'
import { useOtpLogin, type OtpLoginCallbacks } from './use-otp-login.js'

export type UseLoginWithEmailOptions = OtpLoginCallbacks

export interface UseLoginWithEmailResult {
  sendCode(input: { email: string }): Promise<void>
  loginWithCode(input: { code: string }): Promise<void>
  state: OtpFlowState
}

/** Headless email sign-in (your own UI): the same flow state the modal uses. */
export function useLoginWithEmail(options: UseLoginWithEmailOptions = {}): UseLoginWithEmailResult {
  const { sendCode, loginWithCode, state } = useOtpLogin('email', options)
  const actions = useMemo(
    () => ({ sendCode: ({ email }: { email: string }) => sendCode(email), loginWithCode: ({ code }: { code: string }) => loginWithCode(code) }),
    [sendCode, loginWithCode],
  )
  return { ...actions, state }
}
