import { useMemo } from 'react'
import type { ClientEvents } from '../../src/core/index.js'
import { useModalIntent, type IntentCallbacks } from './use-modal-intent.js'

export type UseUpdateAccountOptions = IntentCallbacks<ClientEvents['update']>

/** Opens the modal to replace the signed-in user's email or phone number (the reference SDK's `useUpdateAccount`). */
export function useUpdateAccount(options: UseUpdateAccountOptions = {}): { updateEmail(): void; updatePhone(): void } {
  const start = useModalIntent('update', options)
  return useMemo(
    () => ({
      updateEmail: () => start({ intent: 'update', method: 'email' }),
      updatePhone: () => start({ intent: 'update', method: 'sms' }),
    }),
    [start],
  )
}
