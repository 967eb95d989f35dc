import { useCallback } from 'react'
import type { FarcasterFlowState, FarcasterLoginOptions, TesseraError, User } from '../../src/core/index.js'
import { useTesseraClient } from '../context.js'
import { reportOrThrow, useLatest } from './latest.js'
import { useLoginMethodState } from '../../elements/client-slices.js'

export interface UseLoginWithFarcasterOptions {
  onComplete?(detail: { user: User; loginMethod: 'farcaster' }): void
  /** When given, failures are reported here instead of rejecting. */
  onError?(error: TesseraError): void
}

export interface UseLoginWithFarcasterResult {
  /**
   * Opens a Farcaster channel and waits (2 s polls, 120 s) for the Farcaster app to sign; `state.connectUri`
   * carries the link to show as a QR code or open on mobile meanwhile.
   */
  loginWithFarcaster(options?: FarcasterLoginOptions): Promise<void>
  /** Stops waiting and goes back to `initial`. */
  reset(): void
  state: FarcasterFlowState
}

/** Headless Sign-In with Farcaster (the reference SDK's `useLoginWithFarcaster`). */
export function useLoginWithFarcaster(options: UseLoginWithFarcasterOptions = {}): UseLoginWithFarcasterResult {
  const client = useTesseraClient()
  const state = useLoginMethodState(client, 'farcaster')
  const latest = useLatest(options)
  const loginWithFarcaster = useCallback(
    async (loginOptions?: FarcasterLoginOptions) => {
      try {
        const user = await client.auth.farcaster.login(loginOptions)
        latest.current.onComplete?.({ user, loginMethod: 'farcaster' })
      } catch (error) {
        reportOrThrow(error, latest.current.onError)
      }
    },
    [client, latest],
  )
  const reset = useCallback(() => client.auth.farcaster.reset(), [client])
  return { loginWithFarcaster, reset, state }
}
