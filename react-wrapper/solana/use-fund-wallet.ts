import { useCallback } from 'react'
import type { FundingOutcome, SolanaFundWalletOptions } from '../../src/core/index.js'
import { useFundWallet as useAnyFundWallet, type UseFundWalletOptions } from '../hooks/use-fund-wallet.js'

export interface UseSolanaFundWalletResult {
  /** Opens the funding flow for the Solana wallet `address` (embedded or linked); resolves with how it ended. */
  fundWallet(address: string, options?: SolanaFundWalletOptions): Promise<FundingOutcome | undefined>
}

/** Funding a Solana wallet (the reference SDK's `useFundWallet` of its `solana` entry). */
export function useFundWallet(callbacks: UseFundWalletOptions = {}): UseSolanaFundWalletResult {
  const { fundWallet: fundAny } = useAnyFundWallet(callbacks)
  const fundWallet = useCallback((address: string, options: SolanaFundWalletOptions = {}) => fundAny(address, { ...options, chainType: 'solana' }), [fundAny])
  return { fundWallet }
}

/** The reference SDK's `useStandardFundWallet`: the same flow, with the address and options in one object. */
export function useStandardFundWallet(callbacks: UseFundWalletOptions = {}): {
  fundWallet(input: { address: string; options?: SolanaFundWalletOptions }): Promise<FundingOutcome | undefined>
} {
  const { fundWallet: fundSolana } = useFundWallet(callbacks)
  const fundWallet = useCallback(({ address, options }: { address: string; options?: SolanaFundWalletOptions }) => fundSolana(address, options), [fundSolana])
  return { fundWallet }
}
