import type { EmbeddedWallet, ImportWalletInput } from '../../src/core/index.js'
import { useTesseraClient } from '../context.js'
import { useEmbeddedAction, type EmbeddedActionCallbacks } from './use-embedded-action.js'

export type UseImportWalletOptions = EmbeddedActionCallbacks<EmbeddedWallet>

export interface UseImportWalletResult {
  /**
   * Imports a private key as an embedded wallet of its own (wallet spec, "States and transitions", on-device mode: Ethereum hex, or a Solana
   * base58 secret key); the wallet frame checks and splits it, and only the address comes back.
   */
  importWallet(input: ImportWalletInput): Promise<EmbeddedWallet | undefined>
}

/** Headless private-key import (the reference SDK's `useImportWallet`). */
export function useImportWallet(callbacks: UseImportWalletOptions = {}): UseImportWalletResult {
  const client = useTesseraClient()
  const importWallet = useEmbeddedAction((input: ImportWalletInput) => client.embeddedWallets.importWallet(input), callbacks)
  return { importWallet }
}
