import { PublicKey } from '@solana/web3.js'
import { createSendLedger, type SendLedger } from '../../../transactions/send-once.js'
import type { EmbeddedSolanaProviderOptions } from './types.js'

/** What the provider's methods share: the options, the wallet's key and the send ledger. */
export interface SolanaProviderRuntime {
  options: EmbeddedSolanaProviderOptions
  publicKey: PublicKey
  sends: SendLedger
}

export const createSolanaProviderRuntime = (options: EmbeddedSolanaProviderOptions): SolanaProviderRuntime => ({
  options,
  publicKey: new PublicKey(options.address),
  sends: options.sends ?? createSendLedger(),
})
