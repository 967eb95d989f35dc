import { useSyncExternalStore } from 'react'
import type { AuthState, EmailFlowState, TesseraClient } from '../../src/core/index.js'

/** One subscription over the auth slice. */
export function useAuthState(client: TesseraClient): AuthState {
  return useSyncExternalStore(
    (onChange) => client.watchAuth(() => onChange()),
    () => client.getAuth(),
    () => client.getAuth(),
  )
}

/** One subscription over the email flow slice. */
export function useEmailFlow(client: TesseraClient): EmailFlowState {
  return useSyncExternalStore(
    (onChange) => client.watchEmailFlow(() => onChange()),
    () => client.getEmailFlow(),
    () => client.getEmailFlow(),
  )
}
