import type { EmbeddedWallet, ImportWalletInput } from '../../src/core/index.js'
import { useTesseraClient } from '../context.js'
import { useEmbeddedAction, type EmbeddedActionCallbacks } from '../hooks/use-embedded-action.js'

export interface UseSolanaImportWalletResult {
  /** Imports a Solana key (the base58 64-byte secret key or its 32-byte seed) as an embedded wallet of its own. */
  importWallet(input: Omit<ImportWalletInput, 'chainType'>): Promise<EmbeddedWallet | undefined>
}

/** Solana key import (the reference SDK's `useImportWallet` of its `solana` entry). */
export function useImportWallet(callbacks: EmbeddedActionCallbacks<EmbeddedWallet> = {}): UseSolanaImportWalletResult {
  const client = useTesseraClient()
  const importWallet = useEmbeddedAction(
    (input: Omit<ImportWalletInput, 'chainType'>) => client.embeddedWallets.importWallet({ ...input, chainType: 'solana' }),
    callbacks,
  )
  return { importWallet }
}
