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
   * Asks the user's Farcaster account to add `publicKey` (0x hex of the embedded wallet's ed25519 key) as a signer
   * and waits (2 s polls, 300 s) for the approval. Resolves with it, or undefined when `onError` took the failure.
   */
  requestFarcasterSigner(publicKey: string | null | undefined): Promise<FarcasterSignerApproved | undefined>
  /** Stops waiting (the request fails with 'client_request_aborted'); unmounting does the same. */
  cancel(): void
}

/** Headless Farcaster signer request (document 2 §4); the component decides how to show the approval link. */
export function useFarcasterSigner(options: UseFarcasterSignerOptions = {}): UseFarcasterSignerResult {
  const client = useTesseraClient()
  const latest = useLatest(options)
  const running = useRef<AbortController | null>(null)
  const cancel = useCallback(() => {
    running.current?.abort()
    running.current = null
  }, [])
  useEffect(() => cancel, [cancel])
  const requestFarcasterSigner = useCallback(async (publicKey: string | null | undefined) => {
    cancel()
    const controller = new AbortController()
    running.current = controller
    try {
      const approved = await client.farcaster.requestSigner(publicKey, {
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
  }, [cancel, client, latest])
  return { requestFarcasterSigner, cancel }
}
