import type { AuthState, TesseraClient } from '../../core/index.js'
import { useSlice } from './use-slice.js'

/** The session lives in the browser: a server render, and hydration after it, show it still being checked. */
const authOnServer: AuthState = { status: 'loading', user: null }

export function useAuthState(client: TesseraClient): AuthState {
  return useSlice(
    (onChange) => client.watchAuth(onChange),
    () => client.getAuth(),
    () => authOnServer,
  )
}
