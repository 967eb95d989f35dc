import { useMemo } from 'react'
import type { OtpFlowState } from '../../src/core/index.js'
import { useUpdateContact, type UpdateContactCallbacks } from './use-update-contact.js'

export interface UseUpdateEmailResult {
  sendCode(input: { newEmail: string }): Promise<void>
  submitCode(input: { code: string }): Promise<void>
  state: OtpFlowState
}

/** Headless email update: `sendCode({ newEmail })`, then `submitCode({ code })`. */
export function useUpdateEmail(callbacks: UpdateContactCallbacks = {}): UseUpdateEmailResult {
  const { sendCode, submitCode, state } = useUpdateContact('email', callbacks)
  const actions = useMemo(
    () => ({ sendCode: ({ newEmail }: { newEmail: string }) => sendCode(newEmail), submitCode: ({ code }: { code: string }) => submitCode(code) }),
    [sendCode, submitCode],
  )
  return { ...actions, state }
}
