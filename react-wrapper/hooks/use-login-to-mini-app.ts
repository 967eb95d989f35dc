import { useCallback } from 'react'
import type { User } from '../../src/core/index.js'
import { useTesseraClient } from '../context.js'

export interface UseLoginToMiniAppResult {
  /** The nonce the Farcaster mini app host's wallet signs in its SIWF message. */
  initLoginToMiniApp(): Promise<{ nonce: string }>
  /** Signs in with the message and signature the host returned (the fid is the message's). */
  loginToMiniApp(input: { message: string; signature: string }): Promise<User | null>
}

/** Sign-in inside a Farcaster mini app (the reference SDK's `useLoginToMiniApp`, formerly `useLoginToFrame`). */
export function useLoginToMiniApp(): UseLoginToMiniAppResult {
  const client = useTesseraClient()
  const initLoginToMiniApp = useCallback(async () => ({ nonce: (await client.auth.farcaster.initV2()).nonce }), [client])
  const loginToMiniApp = useCallback(
    ({ message, signature }: { message: string; signature: string }) => client.auth.farcaster.loginV2({ message, signature }),
    [client],
  )
  return { initLoginToMiniApp, loginToMiniApp }
}
