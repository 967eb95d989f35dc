/**
 * Funding (funding spec, every section but "Roles and permissions"): a user adds funds to one of their wallets by card (the first card provider,
 * Coinbase Onramp, or the second, MoonPay), from an exchange (the first provider's send experience), from an external
 * wallet (same chain, or bridged), or by receiving at the address. The core holds each funding request as a
 * `FundingSession` in `client.funding`'s state and does all the work (config, popups, polling, quotes, transfers,
 * balances); the screens of `<auth-modal>` ('funding:flow'), `<fund-wallet>` and an insufficient-funds confirmation
 * only render a session's `step` and call its actions.
 */
import type { FundingOptionDto } from '../../protocol/funding.js'
import type { Chain } from '../chains/chain.js'
import type { TesseraError } from '../errors/base-error.js'
import type { Listener, Unsubscribe } from '../listener.js'
import type { AssetAmount } from '../transactions/types.js'
import type { WalletChain } from '../wallets/types.js'

/** Funding spec, "Screens and routes": "Funding landing": the default method fires once on entry. */
export type FundingMethod = 'card' | 'exchange' | 'wallet' | 'manual'
/** The option providers of `funding_config.options`: the first card provider and the second. */
export type CardProvider = Extract<FundingOptionDto, { method: 'card' }>['provider']
export type SolanaClusterName = 'mainnet-beta' | 'devnet' | 'testnet'

/** Funding spec, "Entities and their fields": `uiConfig`: an empty string hides the receive title or subtitle. */
export interface FundWalletUiConfig {
  landing?: { title?: string }
  receiveFundsTitle?: string
  receiveFundsSubtitle?: string
}

interface FundWalletCommonOptions {
  /** In the asset's whole units ('0.05'); default the app's `default_recommended_amount`. */
  amount?: string
  /** Fires once when the landing first shows. */
  defaultFundingMethod?: FundingMethod
  card?: { preferredProvider?: CardProvider }
  uiConfig?: FundWalletUiConfig
  /** False turns bridging off for this session; it is on only where the app's config enables it. */
  crossChainBridgingEnabled?: boolean
}

export interface EthereumFundWalletOptions extends FundWalletCommonOptions {
  /** Default: the chain of the app's `default_recommended_currency`, else the embedded wallets' default chain. */
  chain?: number | { id: number }
  /** Default the app's recommended asset, else 'native-currency'; an ERC-20 by address. */
  asset?: 'native-currency' | 'USDC' | { erc20: string }
}

export interface SolanaFundWalletOptions extends FundWalletCommonOptions {
  /** Default: the cluster of the app's `default_recommended_currency`, else 'mainnet-beta' (funding spec, "Business constants and limits"). */
  cluster?: { name: SolanaClusterName }
  asset?: 'native-currency' | 'USDC'
}

/** What to fund: one of the signed-in user's wallets (embedded or linked). */
export type FundWalletInput =
  | ({ address: string; chainType?: 'ethereum' } & EthereumFundWalletOptions)
  | ({ address: string; chainType: 'solana' } & SolanaFundWalletOptions)

/** Like `ConfirmationOptions`: `inline` = the caller's own element shows the session (`<fund-wallet>`, `<confirm-tx>`). */
export interface FundingSessionOptions {
  inline?: boolean
  id?: string
  /** 'Add funds' of this confirmation opened the session: its host shows the session over the confirmation. */
  forConfirmation?: string
}

/** The asset being funded; `address` is the ERC-20 contract or the SPL mint, null for the native currency. */
export interface FundingAsset {
  kind: 'native' | 'usdc' | 'erc20'
  symbol: string
  decimals: number
  address: string | null
}

/** Where a session stands; each has its screen (funding spec, "Screens and routes"). */
export type FundingStep =
  /** The four methods, the error banner and the alternate-provider hint. */
  | 'landing'
  /** 'Confirm or edit amount', before a transfer from an external wallet. */
  | 'amount'
  /** 'Receive {amount} {symbol}': QR code, address, live balance. */
  | 'receive'
  /** 'Transfer from wallet': connected and connectable wallets. */
  | 'wallets'
  /** 'Transfer from another network': pick the source chain of a bridged transfer (funding spec, "Screens and routes"). */
  | 'bridge-source'
  /** A transfer from the external wallet: `transfer.status` says which of its screens shows. */
  | 'transfer'
  /** A card provider's status screen ('Fund account'). */
  | 'card-status'

/** The first card provider's states (funding spec, "States and transitions"); `error` returns to the landing with its message. */
export type CoinbaseCardStatus = 'pending-in-flow' | 'pending-after-flow' | 'success' | 'error'
/** The second provider's states (funding spec, "States and transitions"); failed and serviceFailure return to the landing with an error. */
export type MoonpayCardStatus = 'pending' | 'waitingAuthorization' | 'awaitingAuthorization' | 'completed' | 'failed' | 'serviceFailure'

export type FundingCardState =
  | { provider: 'coinbase'; experience: 'buy' | 'send'; status: CoinbaseCardStatus }
  | { provider: 'moonpay'; status: MoonpayCardStatus }

/** A wallet 'Transfer from wallet' lists: a connected external wallet, or one that can connect. */
export interface FundingWalletEntry {
  /** The wallet option id (`WalletOption.id`) for a connectable one; `connected:<address>` for a connected one. */
  id: string
  name: string
  icon: string | null
  chain: WalletChain
  connected: boolean
  address: string | null
}

/** A source chain offered for a bridged transfer, with the paying wallet's balance there. */
export interface FundingSourceChain {
  /** EIP-155 id, or the bridge's Solana chain id. */
  chainId: number
  name: string
  balance: AssetAmount
}

/** Funding spec, "States and transitions": "External funding". */
export type FundingTransferStatus = 'preparing' | 'confirm' | 'submitting' | 'bridging' | 'success' | 'error'

export interface FundingTransferState {
  status: FundingTransferStatus
  /** The paying external wallet. */
  from: { address: string; name: string; chain: WalletChain; chainId: number | null }
  bridged: boolean
  /** The bridging summary (funding spec, "Screens and routes"): Total, To, Network, Estimated fee; null until the quote is in. */
  summary: { total: AssetAmount; to: string; network: string; estimatedFee: AssetAmount | null } | null
  /** Sent transaction hash or signature, once sent. */
  hash: string | null
  error: TesseraError | null
  /** Bridging failed or refunded: the bridge's page for the request ('refund status'). */
  refundUrl: string | null
}

export interface FundingSession {
  id: string
  inline?: boolean
  forConfirmation?: string
  address: string
  chainType: WalletChain
  /** The Ethereum chain funded; null for Solana. */
  chain: Chain | null
  /** The Solana cluster funded; null for Ethereum. */
  cluster: { name: SolanaClusterName; rpcUrl: string } | null
  /** Null while an ERC-20's symbol and decimals load (the landing's buttons are disabled meanwhile). */
  asset: FundingAsset | null
  /** As typed: digits and at most one point. */
  amount: string
  /** The amount is a number above 0 (Continue). */
  amountValid: boolean
  /** The amount in USD with 2 decimals ('<0.01' when smaller); null when no price is known. */
  amountUsd: string | null
  /** The balance of `address` in the asset, polled on the receive screen; null before the first reading. */
  balance: AssetAmount | null
  /** Receive: the balance rose above the first reading ('Continue' appears). */
  balanceRose: boolean
  /** 'Add funds to your {walletName} wallet'. */
  walletName: string
  appName: string
  uiConfig: FundWalletUiConfig
  /** What the landing offers: card providers in order (the preferred one first), exchange, wallet; receive always. */
  options: { card: CardProvider[]; exchange: boolean; wallet: boolean }
  step: FundingStep
  /** The landing's error banner. */
  errorMessage: string | null
  /** 'Having trouble or facing location restrictions? Try a different provider.': after a card attempt, with a second provider. */
  showAlternateProvider: boolean
  card: FundingCardState | null
  wallets: FundingWalletEntry[]
  sourceChains: FundingSourceChain[]
  transfer: FundingTransferState | null
  /** The method in use, reported when the session ends. */
  fundingMethod: FundingMethod | null

  /** Back to the landing (or the previous step); on the landing, the same as `exit()`. */
  back(): void
  /** Ends the session as the user leaving (`funduserexited`). */
  exit(): void
  /** Ends a funded session ('Continue' after success; the success screen's auto-close). */
  finish(): void
  /** Opens the provider's popup: call inside the user's click (the window opens before anything is awaited). */
  payWithCard(provider?: CardProvider): void
  /** The first provider's send experience (from a crypto account); inside the user's click, as `payWithCard`. */
  transferFromExchange(): void
  transferFromWallet(): void
  receiveFunds(): void
  /** Connects a listed wallet if needed (inside the click: wallets open their prompt), then the amount step. */
  chooseWallet(entryId: string): void
  /** Takes digits and one point; other input is ignored. */
  setAmount(value: string): void
  /** From the amount step: prepares the transfer (or offers the source chains of a bridged one). */
  continueWithAmount(): void
  chooseSourceChain(chainId: number): void
  /** 'Confirm with {wallet}': the external wallet signs and sends. */
  confirmTransfer(): void
  /** From a transfer's error screen: back to 'Transfer from wallet' (funding spec, "The error catalogue": INSUFFICIENT_BALANCE) or a new try. */
  retry(): void
}

/** How a session ended, for `fundsuccess` / `funduserexited` and `useFundWallet`'s `onUserExited`. */
export interface FundingOutcome {
  status: 'funded' | 'exited'
  address: string
  chainType: WalletChain
  chain?: Chain
  cluster?: { name: SolanaClusterName; rpcUrl: string }
  fundingMethod: FundingMethod | null
  /** The wallet's balance in the asset when the session ended (null when it could not be read). */
  balance: AssetAmount | null
}

/** A finished session as hosts hear it (the reference's `onUserExited`): the balance in smallest units, null if unread. */
export interface FundingOutcomeDetail {
  address: string
  chain?: Chain
  cluster?: { name: SolanaClusterName; rpcUrl: string }
  fundingMethod: FundingMethod | null
  balance: bigint | null
}

export interface FundingState {
  /** Sessions in arrival order; absent or empty: none. */
  sessions: FundingSession[]
}

export interface FundingApi {
  getState(): FundingState
  watchState(listener: Listener<FundingState>): Unsubscribe
  /**
   * Opens a funding session for one of the user's wallets and resolves with its outcome once the user finishes or
   * leaves. Refused with 'Wallet funding is not enabled' when the app has no funding option, 'Invalid funding data'
   * when the options do not match the chain type, and the chain-list rule of the funding spec, "Validation rules". Without `inline`, the
   * session is announced as `walletPrompt` 'funding:flow' (`<auth-modal>` opens on it).
   */
  fundWallet(input: FundWalletInput, options?: FundingSessionOptions): Promise<FundingOutcome>
}

export type { TesseraError }
