import type { ReactNode } from 'react'
import { useMfaState } from '../../client-slices/mfa.js'
import { useModal } from '../../modal-context.js'
import { challengeActive } from './mfa-state.js'
import { MfaVerify } from './mfa-verify.js'

/**
 * While a challenge waits (a step of `children` made a gated call: an MFA change, a password, an export), the verify
 * screens cover the step; the step stays mounted underneath, so the call it waits on finishes there once verified.
 */
export function MfaCover({ children }: { children: ReactNode }) {
  const { client } = useModal()
  const state = useMfaState(client)
  // The app's own MFA form answers a challenge it heard of: the step stays in view.
  const challenged = challengeActive(state) && !state.challenge?.answeredByApp
  return (
    <>
      {challenged && <MfaVerify standalone={false} />}
      <div style={{ display: challenged ? 'none' : 'contents' }} aria-hidden={challenged || undefined}>
        {children}
      </div>
    </>
  )
}
