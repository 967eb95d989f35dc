import { useSlice } from '../../elements/client-slices.js'
import type { CustomAuthState } from '../../src/core/index.js'
import { useTesseraClient } from '../context.js'

/** The custom-auth sync state: initial, loading, done, error or not-enabled. One subscription. */
export function useCustomAuth(): CustomAuthState {
  const client = useTesseraClient()
  return useSlice(
    (onChange) => client.auth.customAuth.watchState(onChange),
    () => client.auth.customAuth.getState(),
  )
}
