import { useCallback } from 'react'
import type { TesseraClient, TesseraError, User, WalletFlowState } from '../../src/core/index.js'
import { useTesseraClient } from '../context.js'
import { reportOrThrow, useLatest } from './latest.js'
import { useWalletFlow } from '../../elements/client-slices.js'

export interface WalletMessageCallbacks<Detail> {
  onComplete?(detail: Detail): void
  /** When given, failures are reported here instead of rejecting. */
  onError?(error: TesseraError): void
}

/**
 * SIWE or SIWS with the app's own wallet connection, shared by `useLoginWithSiwe`, `useLinkWithSiwe` and
 * `useLoginWithSiws`: a message from the client, signed by the app, sent back through `submit`.
 */
export function useWalletMessage<Input, Signed extends { message: string; signature: string }, Detail>(
  generate: (wallets: TesseraClient['wallets'], input: Input) => Promise<string>,
  submit: (client: TesseraClient, signed: Signed) => Promise<Detail>,
  callbacks: WalletMessageCallbacks<Detail>,
): { generateMessage(input: Input): Promise<string | undefined>; submitMessage(signed: Signed): Promise<Detail | undefined>; state: WalletFlowState } {
  const client = useTesseraClient()
  const state = useWalletFlow(client)
  const latest = useLatest({ callbacks, generate, submit })
  const generateMessage = useCallback(
    async (input: Input) => {
      try {
        return await latest.current.generate(client.wallets, input)
      } catch (error) {
        reportOrThrow(error, latest.current.callbacks.onError)
        return undefined
      }
    },
    [client, latest],
  )
  const submitMessage = useCallback(
    async (signed: Signed) => {
      try {
        const detail = await latest.current.submit(client, signed)
        latest.current.callbacks.onComplete?.(detail)
        return detail
      } catch (error) {
        reportOrThrow(error, latest.current.callbacks.onError)
        return undefined
      }
    },
    [client, latest],
  )
  return { generateMessage, submitMessage, state }
}

/** Runs a sign-in and reports whether it created the user (read from the client's `login` event). */
export async function withLoginDetail<M extends 'siwe' | 'siws'>(client: TesseraClient, loginMethod: M, signIn: () => Promise<User>) {
  let isNewUser = false
  const stop = client.on('login', (event) => {
    if (event.loginMethod === loginMethod) isNewUser = event.isNewUser
  })
  try {
    return { user: await signIn(), isNewUser, loginMethod }
  } finally {
    stop()
  }
}
