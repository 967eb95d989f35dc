import { useMemo } from 'react'
import type { OtpFlowState } from '../../src/core/index.js'
import { useUpdateContact, type UpdateContactCallbacks } from './use-update-contact.js'

export interface UseUpdatePhoneResult {
  sendCode(input: { newPhoneNumber: string }): Promise<void>
  submitCode(input: { code: string }): Promise<void>
  state: OtpFlowState
}

/** Headless phone update: `sendCode({ newPhoneNumber })`, then `submitCode({ code })`. */
export function useUpdatePhone(callbacks: UpdateContactCallbacks = {}): UseUpdatePhoneResult {
  const { sendCode, submitCode, state } = useUpdateContact('sms', callbacks)
  const actions = useMemo(
    () => ({
      sendCode: ({ newPhoneNumber }: { newPhoneNumber: string }) => sendCode(newPhoneNumber),
      submitCode: ({ code }: { code: string }) => submitCode(code),
    }),
    [sendCode, submitCode],
  )
  return { ...actions, state }
}
