import type { MfaState, TesseraClient } from '../../core/index.js'
import { useSlice } from './use-slice.js'

/** The signed-in user's MFA methods and the pending verification, if any. */
export function useMfaState(client: TesseraClient): MfaState {
  return useSlice(
    (onChange) => client.mfa.watchState(onChange),
    () => client.mfa.getState(),
  )
}
