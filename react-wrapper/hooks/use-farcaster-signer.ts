import { useCallback, useEffect, useRef } from 'react'
import type { FarcasterSignerApproved, FarcasterSignerPendingApproval, TesseraError } from '../../src/core/index.js'
import { useTesseraClient } from '../context.js'
import { reportOrThrow, useLatest } from './latest.js'

export interface UseFarcasterSignerOptions {
  /** The key awaits approval: show `signerApprovalUrl` (a link or QR code) for the Farcaster app. */
  onPendingApproval?(approval: FarcasterSignerPendingApproval): void
  onSuccess?(approved: FarcasterSignerApproved): void
  /** When given, failures ('Request rejected', 'Connect failed') are reported here instead of rejecting. */
  onError?(error: TesseraError): void
}

export interface UseFarcasterSignerResult {
  /**
   * Asks the user's Farcaster account to add a signer key and waits (2 s polls, 300 s) for the approval: `publicKey`
   * (0x hex of a 32-byte ed25519 key), or without one the embedded wallet's own Farcaster signer key (kept in the
   * wallet frame). Resolves with the approval, or undefined when `onError` took the failure.
   */
  requestFarcasterSigner(publicKey?: string | null): Promise<FarcasterSignerApproved | undefined>
  /** Signs a Farcaster message hash with the embedded signer key (in the wallet frame); undefined when `onError` took the failure. */
  signFarcasterMessage(hash: Uint8Array | `0x${string}`): Promise<{ signature: `0x${string}` } | undefined>
  /** Stops waiting (the request fails with 'client_request_aborted'); unmounting does the same. */
  cancel(): void
}

/** Headless Farcaster signer request and signing (wallet spec, "States and transitions"); the component decides how to show the approval link. */
export function useFarcasterSigner(options: UseFarcasterSignerOptions = {}): UseFarcasterSignerResult {
  const client = useTesseraClient()
  const latest = useLatest(options)
  const running = useRef<AbortController | null>(null)
  const cancel = useCallback(() => {
    running.current?.abort()
    running.current = null
  }, [])
  useEffect(() => cancel, [cancel])
  const requestFarcasterSigner = useCallback(
    async (publicKey?: string | null) => {
      cancel()
      const controller = new AbortController()
      running.current = controller
      try {
        const approved = await client.auth.farcaster.requestSigner(publicKey, {
          signal: controller.signal,
          onPendingApproval: (approval) => latest.current.onPendingApproval?.(approval),
        })
        latest.current.onSuccess?.(approved)
        return approved
      } catch (error) {
        reportOrThrow(error, latest.current.onError)
        return undefined
      } finally {
        if (running.current === controller) running.current = null
      }
    },
    [cancel, client, latest],
  )
  const signFarcasterMessage = useCallback(
    async (hash: Uint8Array | `0x${string}`) => {
      try {
        return await client.embeddedWallets.signFarcasterMessage(hash)
      } catch (error) {
        reportOrThrow(error, latest.current.onError)
        return undefined
      }
    },
    [client, latest],
  )
  return { requestFarcasterSigner, signFarcasterMessage, cancel }
}
