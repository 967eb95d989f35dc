import { useMemo } from 'react'
import type { OtpFlowState } from '../../src/core/index.js'
import { useOtpLogin, type OtpLoginCallbacks } from './use-otp-login.js'

export type UseLoginWithSmsOptions = OtpLoginCallbacks

export interface UseLoginWithSmsResult {
  /** Any form libphonenumber-js reads; the client normalises it to E.164. */
  sendCode(input: { phoneNumber: string }): Promise<void>
  loginWithCode(input: { code: string }): Promise<void>
  state: OtpFlowState
}

/** Headless SMS sign-in (your own UI): the same flow state the modal uses. */
export function useLoginWithSms(options: UseLoginWithSmsOptions = {}): UseLoginWithSmsResult {
  const { sendCode, loginWithCode, state } = useOtpLogin('sms', options)
  const actions = useMemo(
    () => ({
      sendCode: ({ phoneNumber }: { phoneNumber: string }) => sendCode(phoneNumber),
      loginWithCode: ({ code }: { code: string }) => loginWithCode(code),
    }),
    [sendCode, loginWithCode],
  )
  return { ...actions, state }
}
