/** Wire shapes (snake_case) of request bodies and responses. Timestamps are unix seconds. */
import type { SessionUpdateAction } from './constants.js'
import type { FundingConfigDto } from './funding.js'

export interface LinkedAccountBase {
  verified_at: number
  first_verified_at: number | null
  latest_verified_at: number | null
}

export interface WalletAccountDto extends LinkedAccountBase {
  type: 'wallet'
  id?: string | null
  address: string
  imported?: boolean
  delegated?: boolean
  chain_type: 'ethereum' | 'solana' | 'bitcoin-segwit' | 'bitcoin-taproot'
  chain_id?: string
  wallet_client_type?: string
  connector_type?: string
  recovery_method?: string
  wallet_index?: number
}
export interface SmartWalletAccountDto extends LinkedAccountBase {
  type: 'smart_wallet'
  address: string
  smart_wallet_type: string
  smart_wallet_version?: string
}

/**
 * Every linked-account DTO, by a key of its own: the wallets' here, each sign-in's added by its routes file
 * (`routes/<method>.ts`) through declaration merging.
 */
export interface LinkedAccountDtos {
  wallet: WalletAccountDto
  smart_wallet: SmartWalletAccountDto
}
export type LinkedAccountDto = LinkedAccountDtos[keyof LinkedAccountDtos]

export type LinkedAccountType = LinkedAccountDto['type']

export interface MfaMethodDto {
  type: 'sms' | 'totp' | 'passkey'
  verified_at: number
}

export interface UserDto {
  id: string
  created_at: number
  linked_accounts: LinkedAccountDto[]
  mfa_methods: MfaMethodDto[]
  has_accepted_terms: boolean
  is_guest: boolean
  custom_metadata?: Record<string, string | number | boolean>
}

export interface OAuthTokensDto {
  provider: string
  access_token: string
  access_token_expires_in_seconds?: number
  refresh_token?: string
  refresh_token_expires_in_seconds?: number
  scopes?: string[]
}

/** Response of every authenticate call and of the session refresh. */
export interface AuthenticatedUserDto {
  user: UserDto
  token: string | null
  privy_access_token: string | null
  refresh_token: string | null
  identity_token: string | null
  is_new_user?: boolean
  oauth_tokens?: OAuthTokensDto
  session_update_action: SessionUpdateAction
}

export interface UserWithIdentityTokenDto {
  user: UserDto
  identity_token: string | null
}

export interface SuccessDto {
  success: true
}

/** SIWE and SIWS: `init` returns a nonce bound to the address; the signed message must carry it. */
export interface WalletInitBody {
  address: string
  token?: string
}
export interface WalletNonceDto {
  nonce: string
}
export interface WalletUnlinkBody {
  address: string
}
/** `siwe/transfer` and `siws/transfer`: the nonce names the offered wallet; `address` is informational. */
export interface WalletTransferBody {
  nonce: string
  address?: string
}

/** A transfer whose nonce alone names the offered account (Telegram, cross-app). */
export interface NonceTransferBody {
  nonce: string
}

/** An ALTCHA challenge (its JSON wire shape): solved in the browser, sent back base64-encoded as `token`. */
export interface CaptchaChallengeDto {
  algorithm: 'SHA-256'
  challenge: string
  maxnumber: number
  salt: string
  signature: string
}

/** The app's public signing keys (a JSON Web Key Set). */
export interface JwksDto {
  keys: Record<string, unknown>[]
}

export interface RefreshSessionBody {
  refresh_token?: string
}
export interface LogoutBody {
  refresh_token?: string
}
export interface AnalyticsEventBody {
  event_name: string
  client_id?: string | null
  payload?: Record<string, unknown>
}

export interface AllowlistConfigDto {
  error_title: string | null
  error_detail: string | null
  cta_text: string | null
  cta_link: string | null
}

export interface EmbeddedWalletConfigDto {
  create_on_login: 'off' | 'users-without-wallets' | 'all-users'
  ethereum: { create_on_login: 'off' | 'users-without-wallets' | 'all-users' }
  solana: { create_on_login: 'off' | 'users-without-wallets' | 'all-users' }
  user_owned_recovery_options: string[]
  require_user_owned_recovery_on_create: boolean
  /** A new wallet must get a password (user-passcode) recovery. */
  require_user_password_on_create?: boolean
  /** Tessera: the client announces the signed-in user's embedded wallets to the page's dapps (EIP-6963, wallet-standard). */
  announce_wallets_enabled?: boolean
  mode: string
}

/** Tessera: an EVM chain the app adds to (or overrides in) the built-in table, e.g. a local anvil chain. */
export interface ChainDto {
  id: number
  name: string
  native_currency: { name: string; symbol: string; decimals: number }
  rpc_url: string
  block_explorer_url: string | null
  testnet: boolean
  /**
   * Tessera (funding): the network on-ramps and the bridge deliver this chain's funds on ('ethereum', 'base',
   * 'optimism', 'polygon', 'arbitrum'...): built-in chains have theirs; a local chain names the one a stand-in plays.
   */
  onramp_network?: string | null
  /** Tessera (funding): the chain's USDC contract, for chains outside the built-in table. */
  usdc_address?: string | null
}

/** Tessera: a Solana cluster's RPC, e.g. the local litesvm endpoint as 'devnet'. */
export interface SolanaClusterDto {
  name: 'mainnet-beta' | 'devnet' | 'testnet'
  rpc_url: string
  block_explorer_url: string | null
  /** Tessera (funding): the cluster's USDC mint, where it is not the built-in one (a local cluster's test mint). */
  usdc_mint?: string | null
}

/** `GET /api/v1/apps/{app_id}/origin_check`: the request's Origin header (null without one) and whether the app allows it. */
export interface OriginCheckDto {
  origin: string | null
  allowed: boolean
}

/**
 * Server app config: `GET /api/v1/apps/{app_id}` (sign-in spec, "Entities and their fields"). Each sign-in's switches and
 * settings are declared beside its routes (`routes/<method>.ts`) and merged in.
 */
export interface AppConfigDto {
  id: string
  name: string
  logo_url: string | null
  icon_url: string | null
  accent_color: string | null
  theme: 'light' | 'dark' | null
  show_wallet_login_first: boolean
  allowlist_config: AllowlistConfigDto
  legacy_wallet_ui_config: boolean
  terms_and_conditions_url: string | null
  privacy_policy_url: string | null
  require_users_accept_terms: boolean
  wallet_connect_cloud_project_id: string | null
  /** Tessera's: the WalletConnect relay to use instead of WalletConnect's own (absent from the reference's config). */
  wallet_connect_relay_url?: string | null
  captcha_enabled: boolean
  captcha_site_key: string | null
  enforce_wallet_uis: boolean
  mfa_methods: ('sms' | 'totp' | 'passkey')[]
  whatsapp_enabled: boolean
  custom_api_url: string | null
  verification_key: string
  /** Funding spec, "Entities and their fields": "App funding config"; null: the app has no funding. */
  funding_config: FundingConfigDto | null
  embedded_wallet_config: EmbeddedWalletConfigDto
  max_linked_wallets_per_user: number | null
  /** Tessera: chains the app adds to the built-in 26, the default chain, and Solana cluster RPCs. */
  chains?: ChainDto[]
  default_chain_id?: number | null
  solana_clusters?: SolanaClusterDto[]
}
