/**
 * Funding (funding spec, every section; docs/wire.md "Routes"): the app's funding config, the card on-ramp calls (the first card provider
 * is Coinbase Onramp, the second MoonPay), and the bridge pair through which the client reaches the bridge service
 * (Relay) without its key. Bodies and responses keep the field names the reference clients send and read; fields
 * marked "Tessera" are additions those clients ignore.
 */
import { get, post } from './routes/route.js'

export const fundingRoutes = {
  /** The first card provider's session (funding spec, "The calls it makes": "First provider init"). */
  coinbaseOnRampInit: post<CoinbaseOnRampInitBody, CoinbaseOnRampInitResponse>('/api/v1/funding/coinbase_on_ramp/init'),
  /** `?partnerUserId=`: the status of the purchases made under that id. */
  coinbaseOnRampStatus: get<CoinbaseOnRampStatusResponse>('/api/v1/funding/coinbase_on_ramp/status'),
  /** The second provider's signed widget URL (funding spec, "The calls it makes": "Second provider sign URL"). */
  moonpayOnRampSign: post<MoonpayOnRampSignBody, MoonpayOnRampSignResponse>('/api/v1/plugins/moonpay_on_ramp/sign'),
  /** Tessera: a bridge quote through the server, which holds the bridge service's key. */
  bridgeQuote: post<BridgeQuoteBody, BridgeQuoteResponse>('/api/v1/funding/bridge/quote'),
  /** Tessera: `?request_id=&hash=`: a bridge request's status through the server. */
  bridgeStatus: get<BridgeStatusResponse>('/api/v1/funding/bridge/status'),
  /** The second provider's transaction by its external id, read like MoonPay's own API (`?apiKey=` names the app). */
  moonpayTransaction: get<MoonpayTransactionDto>('/api/v1/plugins/moonpay_on_ramp/transactions/ext/:id'),
  /** The providers' webhooks: no app header, the path names the app. */
  coinbaseWebhook: post<Record<string, unknown>, { received: true }>('/api/v1/funding/webhooks/coinbase/:app_id'),
  moonpayWebhook: post<Record<string, unknown>, { received: true }>('/api/v1/funding/webhooks/moonpay/:app_id'),
} as const

/** The providers an app may enable (`funding_config.methods`). */
export const fundingProviderMethods = ['moonpay', 'coinbase-onramp', 'external'] as const
export type FundingProviderMethod = (typeof fundingProviderMethods)[number]

/** One landing option (`funding_config.options`): card by either provider, exchange by the first, wallets externally. */
export type FundingOptionDto =
  | { method: 'card'; provider: 'coinbase' | 'moonpay' }
  | { method: 'exchange'; provider: 'coinbase' }
  | { method: 'wallets'; provider: 'external' }

/** The asset a funding flow recommends by default. */
export type FundingAssetName = 'native-currency' | 'USDC'

/** `funding_config` of the app config (funding spec, "Entities and their fields": "App funding config"); null when the app has no funding. */
export interface FundingConfigDto {
  /** `chain` is CAIP-2: `eip155:<id>` or `solana:<cluster name>` (Tessera: the cluster name, not its genesis hash). */
  default_recommended_currency: { chain: string; asset?: FundingAssetName }
  /** A decimal amount in the asset's whole units ('0.1'). */
  default_recommended_amount: string
  methods: FundingProviderMethod[]
  options: FundingOptionDto[]
  prompt_funding_on_wallet_creation: boolean
  cross_chain_bridging_enabled: boolean
}

/** `POST /api/v1/funding/coinbase_on_ramp/init`: each address must be one of the signed-in user's wallets. */
export interface CoinbaseOnRampInitBody {
  addresses: { address: string; blockchains: string[] }[]
  /** 'ETH', 'USDC', 'POL' on Ethereum-compatible chains; 'SOL', 'USDC' on Solana. */
  assets?: string[]
}

export interface CoinbaseOnRampInitResponse {
  app_id: string
  /** Single use, short-lived: goes into the hosted page's URL as `sessionToken`. */
  session_token: string
  channel_id: string
  /** The purchase reference the status call asks about (`partnerUserId`). */
  partner_user_id: string
  /** Tessera: the hosted purchase page the client builds its URL on (the sandbox's, or a local stand-in's). */
  onramp_url?: string
}

export type CoinbaseOnRampStatus = 'pending' | 'success' | 'failure'
export interface CoinbaseOnRampStatusResponse {
  status: CoinbaseOnRampStatus
}

/** The second provider's currency codes the sign route accepts (the reference's list, Ethereum and Solana). */
export type MoonpayCurrencyCode = string

/** `POST /api/v1/plugins/moonpay_on_ramp/sign`: `address` must be one of the signed-in user's wallets. */
export interface MoonpayOnRampSignBody {
  address: string
  useSandbox?: boolean
  config: {
    currencyCode?: MoonpayCurrencyCode
    quoteCurrencyAmount?: number
    email?: string
    paymentMethod?:
      | 'credit_debit_card'
      | 'ach_bank_transfer'
      | 'gbp_bank_transfer'
      | 'gbp_open_banking_payment'
      | 'mobile_wallet'
      | 'sepa_bank_transfer'
      | 'sepa_open_banking_payment'
      | 'pix_instant_payment'
      | 'yellow_card_bank_transfer'
    uiConfig?: { accentColor?: string; theme?: 'light' | 'dark' }
  }
}

export interface MoonpayOnRampSignResponse {
  signedUrl: string
  externalTransactionId: string
  /**
   * Tessera: where the client polls the purchase (the provider's `transactions/ext/{id}?apiKey=` for the keys used,
   * sandbox or live; or the server's copy of the provider's webhooks when the app receives them). Answers the
   * provider's list of transactions, 404 before the purchase exists.
   */
  statusUrl?: string
}

/** Funding spec, "States and transitions": "Second provider status". */
export type MoonpayTransactionStatus = 'pending' | 'waitingPayment' | 'waitingAuthorization' | 'awaitingAuthorization' | 'completed' | 'failed'

/** One item of the second provider's `transactions/ext/{id}` list (funding spec, "Entities and their fields": "Second provider transaction"). */
export interface MoonpayTransactionDto {
  id?: string
  status: MoonpayTransactionStatus
  paymentMethod?: string
  cardPaymentType?: string
  currency?: { code: string }
  baseCurrencyAmount?: number
  quoteCurrencyAmount?: number | null
  feeAmount?: number | null
  extraFeeAmount?: number | null
  networkFeeAmount?: number | null
  externalTransactionId?: string
  walletAddress?: string
}

/** The bridge service's chain id for Solana (Relay's), used for `originChainId` / `destinationChainId`. */
export const BRIDGE_SOLANA_CHAIN_ID = 792703809
/** The bridge's currency for a chain's native asset (funding spec, "Business constants and limits"): the zero address (Solana's: the system program id). */
export const BRIDGE_NATIVE_CURRENCY = '0x0000000000000000000000000000000000000000'
export const BRIDGE_SOLANA_NATIVE_CURRENCY = '11111111111111111111111111111111'

/** `POST /api/v1/funding/bridge/quote` (funding spec, "Entities and their fields": "Bridge quote request"): `recipient` must be the user's wallet. */
export interface BridgeQuoteBody {
  tradeType: 'EXPECTED_OUTPUT'
  /** The output amount in the destination currency's smallest units, decimal. */
  amount: string
  /** The paying (external) wallet. */
  user: string
  recipient: string
  originChainId: number
  destinationChainId: number
  originCurrency?: string
  destinationCurrency?: string
}

/** An EVM step item: a transaction the paying wallet sends (funding spec, "Entities and their fields": "Quote step item"). */
export interface BridgeEvmStepData {
  from: string
  to: string
  value: string
  chainId: number
  data: string
}
/** A Solana step item: instructions the paying wallet signs into one transaction. */
export interface BridgeSolanaStepData {
  instructions: { programId: string; keys: { pubkey: string; isSigner: boolean; isWritable: boolean }[]; data: string }[]
  addressLookupTableAddresses?: string[]
}

/** The quote the server passes through: what the client needs of it is typed, the rest stays as sent. */
export interface BridgeQuoteResponse {
  steps: { id: string; kind: string; requestId?: string; items: { status?: string; data: BridgeEvmStepData | BridgeSolanaStepData }[] }[]
  fees?: Record<string, unknown>
  details?: Record<string, unknown>
  /** Set on a tolerated 'Invalid address...' answer, which comes back as the response (funding spec, "Validation rules"). */
  message?: string
}

/** Funding spec, "Entities and their fields": "Bridge status values". */
export const bridgeStatuses = ['pending', 'waiting', 'delayed', 'success', 'refund', 'failure'] as const
export type BridgeStatus = (typeof bridgeStatuses)[number]

export interface BridgeStatusResponse {
  status: BridgeStatus
  /** The bridge's page for the request (the 'refund status' link). */
  explorer_url: string
}
