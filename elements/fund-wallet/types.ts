import type { CardProvider, FundingOutcomeDetail, FundWalletUiConfig } from '../../src/core/index.js'

/** `<fund-wallet>`'s chain: 'ethereum' (default) funds an EVM address on `chain-id`, 'solana' a Solana one on `cluster`. */
export type FundWalletChainType = 'ethereum' | 'solana'

/** The `config` property: the funding options no attribute carries (funding spec, "Entities and their fields": funding config). */
export interface FundWalletConfig {
  uiConfig?: FundWalletUiConfig
  card?: { preferredProvider?: CardProvider }
  /** False turns bridging off for this panel; it is on only where the app configures a bridge. */
  crossChainBridgingEnabled?: boolean
}

/** `fundsuccess` and `funduserexited`: the wallet, its chain (Ethereum) or cluster (Solana), the method used and the balance. */
export type FundOutcomeDetail = FundingOutcomeDetail

/** `fundfailed`: a method failed (the landing's banner, or a transfer's error screen). */
export interface FundFailedDetail {
  code: string
  message: string
}
