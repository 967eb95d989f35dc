import {
  fundingOutcomeDetail,
  type EthereumFundWalletOptions,
  type FundingOutcome,
  type FundingOutcomeDetail,
  type SolanaFundWalletOptions,
} from '../../src/core/index.js'
import { useTesseraClient } from '../context.js'
import { useEmbeddedAction, type EmbeddedActionCallbacks } from './use-embedded-action.js'

export interface UseFundWalletOptions extends EmbeddedActionCallbacks<FundingOutcome> {
  /** The funding flow closed, for any reason (funded or not): the wallet, its chain or cluster, the method and the balance. */
  onUserExited?(detail: FundingOutcomeDetail): void
}

export type FundWalletOptions = ({ chainType?: 'ethereum' } & EthereumFundWalletOptions) | ({ chainType: 'solana' } & SolanaFundWalletOptions)

export interface UseFundWalletResult {
  /**
   * Opens the funding flow in the modal for one of the user's wallets (funding spec): an Ethereum wallet by default, a
   * Solana one with `chainType: 'solana'` (or a `cluster`); resolves with how it ended.
   */
  fundWallet(address: string, options?: FundWalletOptions): Promise<FundingOutcome | undefined>
}

const isSolana = (options: FundWalletOptions): options is { chainType: 'solana' } & SolanaFundWalletOptions =>
  options.chainType === 'solana' || 'cluster' in options

/** Funding a wallet (the reference SDK's `useFundWallet`, for Ethereum and Solana wallets alike). */
export function useFundWallet(options: UseFundWalletOptions = {}): UseFundWalletResult {
  const client = useTesseraClient()
  const fundWallet = useEmbeddedAction(async (address: string, fundOptions: FundWalletOptions = {}) => {
    const outcome = await client.funding.fundWallet(
      isSolana(fundOptions) ? { ...fundOptions, address, chainType: 'solana' } : { ...fundOptions, address, chainType: 'ethereum' },
    )
    options.onUserExited?.(fundingOutcomeDetail(outcome))
    return outcome
  }, options)
  return { fundWallet }
}
