import type { FundingAssetName, FundingProviderMethod } from '../../../src/protocol/funding.js'
import type { SmartWalletSettings } from '../smart-wallets/types.js'
import type { EmbeddedWalletsMode, MfaMethod } from '../../../src/protocol/index.js'
import type { GasSponsorshipSettings } from '../sponsorship/settings.js'

/**
 * The names an app's login methods can hold, under each sign-in's module: its `module.ts` adds its own (interface
 * merging, as every module imports this file) and lists them in `loginMethods`, which `auth/login-methods.ts` joins.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by each login method's module.ts through declaration merging
export interface LoginMethodNames {}
export type LoginMethod = LoginMethodNames[keyof LoginMethodNames]

/** Who may sign in: emails, E.164 phone numbers, wallet addresses, or `@domain` for a whole email domain. */
export interface AllowlistSettings {
  enabled: boolean
  entries: string[]
  /** Overrides of the allowlist-denied screen. */
  errorTitle: string | null
  errorDetail: string | null
  ctaText: string | null
  ctaLink: string | null
}

export interface CaptchaSettings {
  provider: 'altcha' | 'turnstile'
  /** Turnstile only: the site key (sent to clients as `t:<key>`) and the secret for siteverify. */
  siteKey: string | null
  secretKey: string | null
  /** Turnstile only: siteverify endpoint override (tests point it at a local server). */
  verifyUrl: string | null
  /** ALTCHA only: the proof-of-work cost (largest secret number); default 50 000, tests use a tiny one. */
  altchaMaxNumber?: number
}

/** Whether sign-in creates an embedded wallet: never, for users without any wallet, or for everyone without an embedded one. */
export type CreateOnLogin = 'off' | 'users-without-wallets' | 'all-users'

export interface EmbeddedWalletSettings {
  ethereumCreateOnLogin: CreateOnLogin
  solanaCreateOnLogin: CreateOnLogin
  /** New wallets must get password (user-passcode) recovery; automatic recovery is refused at creation. */
  requireUserPasswordOnCreate: boolean
  /** Wallet spec, "States and transitions": in legacy mode, recovery selection comes before creation (app config `require_user_owned_recovery_on_create`). */
  requireUserOwnedRecoveryOnCreate?: boolean
  /** The user-owned recovery methods users may choose (app config `user_owned_recovery_options`); automatic is always allowed. */
  userOwnedRecoveryOptions: UserOwnedRecoveryMethod[]
  /** The Drive API the wallet frame keeps Google Drive backups with (and may reach, in its CSP); tests use a stand-in. */
  googleDriveApiUrl: string
  /** Users may delegate a wallet to the app's backend (offline access, `/wallets/:id/rpc`); off or absent: `feature_not_enabled`. */
  delegatedActionsEnabled?: boolean
  /** The client announces the signed-in user's embedded wallets to the page's dapps (EIP-6963, wallet-standard); off or absent: it does not. */
  announceWalletsEnabled?: boolean
  /** Where new wallets' keys live: on the device (legacy, absent) or in the server's signer (`privy-v2`, issue 17). */
  mode?: EmbeddedWalletsMode
  /** The app backend's session signers: a delegated server-managed wallet's `additional_signers` name them by id; the key (base64 SPKI P-256) signs. */
  sessionSigners?: SessionSignerSettings[]
}
export type UserOwnedRecoveryMethod = 'user-passcode' | 'google-drive' | 'icloud'
export interface SessionSignerSettings {
  id: string
  publicKey: string
}

/** An EVM chain the app adds to (or overrides in) the client's built-in table, e.g. a local anvil chain. */
export interface ChainSettings {
  id: number
  name: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  rpcUrl: string
  blockExplorerUrl: string | null
  testnet: boolean
  /** Funding: the network on-ramps and the bridge name this chain by ('base', 'ethereum'...); a local chain names the one its stand-in plays. */
  onrampNetwork?: string
  /** Funding: the chain's USDC contract (lowercase), for chains outside the client's built-in table. */
  usdcAddress?: string
}

/** A Solana cluster's RPC, e.g. the local litesvm endpoint as 'devnet'. */
export interface SolanaClusterSettings {
  name: 'mainnet-beta' | 'devnet' | 'testnet'
  rpcUrl: string
  blockExplorerUrl: string | null
  /** Funding: the cluster's USDC mint where it is not the built-in one (a local cluster's test mint). */
  usdcMint?: string
}

/** Coinbase Onramp (the first card provider, and the exchange transfer): a CDP project and its Secret API key. */
export interface CoinbaseOnrampSettings {
  /** The CDP project id: the hosted page's `appId` (init's `app_id`). */
  projectId: string
  /** The Secret API key's id (the CDP JWT's `kid` and `sub`). */
  apiKeyName: string
  /** An EC P-256 private key in PEM (ES256) or a base64 Ed25519 key (EdDSA). A secret. */
  apiKeySecret: string
  /** The Onramp API base (`/v1/token`, `/v1/buy/user/{ref}/transactions` under it). */
  apiUrl: string
  /** The hosted page's origin. */
  payUrl: string
  /** Coinbase's sandbox page (`{payUrl}/`, on the sandbox host unless `payUrl` names another) instead of `{payUrl}/buy/select-asset`. */
  sandbox: boolean
  /** The webhook subscription's secret; set: purchase status comes from stored webhooks. A secret. */
  webhookSecret: string | null
}

/** MoonPay (the second card provider): widget URLs are signed with the secret key. */
export interface MoonpayKeys {
  publishableKey: string
  secretKey: string
}
export interface MoonpaySettings extends MoonpayKeys {
  /** Test-mode keys for `useSandbox` sign requests; null: sandbox requests are refused. */
  sandbox: MoonpayKeys | null
  widgetUrl: string
  sandboxWidgetUrl: string
  /** The API whose `/v1/transactions/ext/{id}` the client polls. */
  apiUrl: string
  /** The webhook API key; set: the client polls this server's copy of the webhooks instead. A secret. */
  webhookKey: string | null
}

/** The bridge service the server proxies quotes and status for (Relay), so its key stays on the server. */
export interface BridgeSettings {
  provider: 'relay'
  apiUrl: string
  testnetsApiUrl: string
  /** A secret. */
  apiKey: string
  explorerUrl: string
  testnetsExplorerUrl: string
}

/** Funding (funding spec): which methods are on, what the flows recommend, and each provider's settings. */
export interface FundingSettings {
  methods: FundingProviderMethod[]
  /** `eip155:<id>` or `solana:<cluster name>`. */
  defaultRecommendedCurrency: { chain: string; asset?: FundingAssetName }
  /** Whole units of the asset, as a decimal ('0.01'). */
  defaultRecommendedAmount: string
  promptFundingOnWalletCreation: boolean
  crossChainBridgingEnabled: boolean
  coinbaseOnramp: CoinbaseOnrampSettings | null
  moonpay: MoonpaySettings | null
  bridge: BridgeSettings | null
}

/** Transaction scanning (docs/scanning.md): whether `scan/transaction` answers, and the lists its rules read. */
export interface TransactionScanningSettings {
  enabled: boolean
  /** Lowercase addresses: a transfer to, approval of or call to one makes a transaction Malicious. */
  denyList: string[]
  /** Lowercase addresses an approval of is not flagged as an unverified spender. */
  trustedSpenders: string[]
  /** Scan with Blockaid instead of the simulation scanner (the lists above then do not apply); the key is read from `apiKeyEnv` per request. */
  blockaid?: { apiUrl: string; apiKeyEnv: string } | null
}

/** CoinGecko's simple price API for USD prices; the key is read from `apiKeyEnv` at request time, never stored. */
export interface CoinGeckoSettings {
  apiUrl: string
  apiKeyEnv: string | null
}

/** An SPL mint's symbol (`spl_token_info`): the chain stores decimals, not symbols. */
export interface SolanaTokenSettings {
  mint: string
  symbol: string
}

/** Cookie sessions (docs/security.md #38): the refresh token, and optionally the access token, live in HttpOnly cookies on the API origin. */
export interface CookieSessionSettings {
  /** Also keep the access token in a cookie (the body then carries none); off: the client keeps it in memory. */
  accessTokenInCookie: boolean
  /** The API base the app config announces as `custom_api_url`; null: this server's origin as the request saw it. */
  apiUrl: string | null
}

/**
 * An app hosted by this server, as stored. Each login method adds its own settings (`auth/<method>/settings.ts`, by
 * declaration merging), so this file names none of them.
 */
export interface AppRecord {
  id: string
  name: string
  allowedOrigins: string[]
  loginMethods: LoginMethod[]
  termsUrl: string | null
  privacyUrl: string | null
  requireUsersAcceptTerms: boolean
  disablePlusEmails: boolean
  logoUrl: string | null
  accentColor: string | null
  theme: 'light' | 'dark' | null
  /** The app's WalletConnect Cloud project id (public); null leaves WalletConnect out of the wallet picker. */
  walletConnectProjectId: string | null
  /** The WalletConnect relay clients use instead of WalletConnect's own (a self-hosted or stand-in relay); null: theirs. */
  walletConnectRelayUrl: string | null
  allowlist: AllowlistSettings
  /** Test mode: new sign-ups stop at this many users (max_accounts_reached). Null: no limit. */
  userLimit: number | null
  signupDisabled: boolean
  /** Null: CAPTCHA off. */
  captcha: CaptchaSettings | null
  /** Linking an account another user holds offers a transfer instead of `linked_to_another_user`. */
  accountTransferEnabled: boolean
  /** JSON-RPC URL per EIP-155 chain id ('1', '8453'...): SIWE verifies contract wallets (ERC-1271) there. */
  walletRpcUrls: Record<string, string>
  /** How many external wallets one user may link; null: no limit. */
  maxLinkedWalletsPerUser: number | null
  embeddedWallets: EmbeddedWalletSettings
  chains: ChainSettings[]
  /** The chain embedded wallets start on; null: the client's default. */
  defaultChainId: number | null
  solanaClusters: SolanaClusterSettings[]
  /** The MFA factors users may enrol for wallet actions (app config `mfa_methods`). */
  mfaMethods: MfaMethod[]
  /** The app backend's secret (HTTP Basic with the app id) as `app-secret.ts` hashes it; null: no server-to-server calls. */
  appSecretHash: string | null
  transactionScanning: TransactionScanningSettings
  /** Fixed USD prices, read before CoinGecko: `<chainId>:<SYMBOL>` (chain 0: Solana) or `<chainId>:<lowercase token address>`. */
  tokenPrices: Record<string, number>
  /** Null: no live prices (only `tokenPrices`). */
  coingecko: CoinGeckoSettings | null
  solanaTokens: SolanaTokenSettings[]
  /** Null: no funding (the app config's `funding_config` is null). */
  funding: FundingSettings | null
  /** Null: tokens travel in bodies and the client stores them (bearer mode). */
  cookieSessions: CookieSessionSettings | null
  /** Null: the app pays no fees (sponsored sends refused with feature_not_enabled); see sponsorship/settings.ts. */
  gasSponsorship: GasSponsorshipSettings | null
  /** Null: no smart wallets (`GET /apps/{id}/smart_wallets` answers `{ enabled: false }`). */
  smartWallets: SmartWalletSettings | null
}

export type AppInput = Partial<Omit<AppRecord, 'id'>> & { id?: string }
