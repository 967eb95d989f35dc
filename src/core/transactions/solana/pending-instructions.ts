/** What decoding one instruction gives before the chain and the API fill in mints, decimals and symbols. */
import type { SolanaInstructionSummary } from '../types.js'

/** An SPL transfer before its mint and decimals are known (plain Transfer carries neither). */
export interface PendingSplTransfer {
  type: 'pending-spl-transfer'
  from: string
  to: string
  authority: string
  mint: string | null
  decimals: number | null
  value: bigint
}

/** A swap before its mints' metadata is known; a mint missing from the accounts is read off a token account. */
export interface PendingSwap {
  type: 'pending-swap'
  swap: 'raydium-swap' | 'jupiter-swap'
  authority: string
  inputMint: string | null
  outputMint: string | null
  /** The token accounts the mints are read from when the instruction does not name them. */
  sourceAccount: string
  destinationAccount: string | null
  valueIn: bigint
  valueOut: bigint
}

export type DecodedInstruction = SolanaInstructionSummary | PendingSplTransfer | PendingSwap
