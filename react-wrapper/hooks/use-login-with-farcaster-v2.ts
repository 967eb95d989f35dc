import { useCallback } from 'react'
import type { User } from '../../src/core/index.js'
import { useTesseraClient } from '../context.js'

export interface LoginWithFarcasterV2Input {
  fid: number
  /** The Sign-In with Farcaster message, carrying the nonce `init` gave. */
  message: string
  signature: string
}

export interface UseLoginWithFarcasterV2Result {
  /** A nonce for the SIWF message, and when it expires (ISO 8601). */
  init(): Promise<{ nonce: string; expiresAt: string }>
  login(input: LoginWithFarcasterV2Input): Promise<{ user: User }>
}

/** Sign-in with a SIWF message the app had signed itself (the reference SDK's `useLoginWithFarcasterV2`). */
export function useLoginWithFarcasterV2(): UseLoginWithFarcasterV2Result {
  const client = useTesseraClient()
  const init = useCallback(() => client.auth.farcaster.initV2(), [client])
  const login = useCallback(async (input: LoginWithFarcasterV2Input) => ({ user: await client.auth.farcaster.loginV2(input) }), [client])
  return { init, login }
}
