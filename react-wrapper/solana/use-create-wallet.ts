import type { CreateEmbeddedWalletOptions, EmbeddedWallet } from '../../src/core/index.js'
import { useTesseraClient } from '../context.js'
import { useEmbeddedAction, type EmbeddedActionCallbacks } from '../hooks/use-embedded-action.js'

export interface UseSolanaCreateWalletResult {
  /** Creates an embedded Solana wallet (`createAdditional` for another HD wallet); resolves once the server holds its shares. */
  createWallet(options?: Omit<CreateEmbeddedWalletOptions, 'chainType'>): Promise<{ wallet: EmbeddedWallet } | undefined>
}

/** Solana wallet creation (the reference SDK's `useCreateWallet` of its `solana` entry). */
export function useCreateWallet(callbacks: EmbeddedActionCallbacks<{ wallet: EmbeddedWallet }> = {}): UseSolanaCreateWalletResult {
  const client = useTesseraClient()
  const createWallet = useEmbeddedAction(
    async (options: Omit<CreateEmbeddedWalletOptions, 'chainType'> = {}) => ({
      wallet: await client.embeddedWallets.create({ ...options, chainType: 'solana' }),
    }),
    callbacks,
  )
  return { createWallet }
}
