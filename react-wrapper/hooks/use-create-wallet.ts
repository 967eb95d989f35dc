import type { CreateEmbeddedWalletOptions, EmbeddedWallet } from '../../src/core/index.js'
import { useTesseraClient } from '../context.js'
import { useEmbeddedAction, type EmbeddedActionCallbacks } from './use-embedded-action.js'

export type UseCreateWalletOptions = EmbeddedActionCallbacks<EmbeddedWallet>

export interface UseCreateWalletResult {
  /**
   * Creates an embedded wallet (default Ethereum; `createAdditional` or `walletIndex` for another HD wallet) and
   * resolves once the server holds its shares (wallet spec, "States and transitions": "Rules for creating").
   */
  createWallet(options?: CreateEmbeddedWalletOptions): Promise<EmbeddedWallet | undefined>
}

/** Headless embedded-wallet creation (the reference SDK's `useCreateWallet`). */
export function useCreateWallet(callbacks: UseCreateWalletOptions = {}): UseCreateWalletResult {
  const client = useTesseraClient()
  const createWallet = useEmbeddedAction((options?: CreateEmbeddedWalletOptions) => client.embeddedWallets.create(options), callbacks)
  return { createWallet }
}
