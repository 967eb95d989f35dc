import { useCallback } from 'react'
import type { FarcasterFlowState, TesseraError, User } from '../../src/core/index.js'
import { useTesseraClient } from '../context.js'
import { reportOrThrow, useLatest } from './latest.js'
import { useLoginMethodState } from '../../elements/client-slices.js'

export interface UseLinkFarcasterOptions {
  onSuccess?(detail: { user: User; linkMethod: 'farcaster' }): void
  /** When given, failures are reported here instead of rejecting. */
  onError?(error: TesseraError): void
}

export interface UseLinkFarcasterResult {
  /** Links the Farcaster account the Farcaster app signs for (`state.connectUri` is the link to show) to the signed-in user. */
  linkFarcaster(): Promise<void>
  unlinkFarcaster(fid: number): Promise<User>
  state: FarcasterFlowState
}

/** Headless Farcaster linking and unlinking (the reference SDK's `linkFarcaster` / `unlinkFarcaster`). */
export function useLinkFarcaster(options: UseLinkFarcasterOptions = {}): UseLinkFarcasterResult {
  const client = useTesseraClient()
  const state = useLoginMethodState(client, 'farcaster')
  const latest = useLatest(options)
  const linkFarcaster = useCallback(async () => {
    try {
      const user = await client.auth.farcaster.link()
      latest.current.onSuccess?.({ user, linkMethod: 'farcaster' })
    } catch (error) {
      reportOrThrow(error, latest.current.onError)
    }
  }, [client, latest])
  const unlinkFarcaster = useCallback((fid: number) => client.auth.farcaster.unlink(fid), [client])
  return { linkFarcaster, unlinkFarcaster, state }
}
