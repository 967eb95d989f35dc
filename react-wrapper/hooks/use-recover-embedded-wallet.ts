import { useCallback } from 'react'
import type { RecoverInput } from '../../src/core/index.js'
import { useTesseraClient } from '../context.js'

export interface UseRecoverEmbeddedWalletResult {
  /**
   * Recovers the user's embedded wallets on this device without the modal: with the user's password when the wallets
   * wait for it (status `needs-password`), or from the user's Google Drive backup (`needs-cloud-recovery`, inside a
   * click: it opens the provider's window). Rejects with the core's error ('Invalid recovery password', ...).
   */
  recover(params: RecoverInput): Promise<void>
}

/** Headless recovery of the embedded wallets (the reference SDK's `useRecoverEmbeddedWallet`). */
export function useRecoverEmbeddedWallet(): UseRecoverEmbeddedWalletResult {
  const client = useTesseraClient()
  const recover = useCallback((params: RecoverInput) => client.embeddedWallets.recover(params), [client])
  return { recover }
}
