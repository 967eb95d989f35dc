/** The effective client config: defaults, then the server config, then the client's own overrides. */
import type { CloudRecoveryProvider } from '../../protocol/index.js'
import type { FundingConfigDto } from '../../protocol/funding.js'
import type { TesseraError } from '../errors/base-error.js'
import type { MfaMethodType } from '../mfa/types.js'

/**
 * The landing's methods under the module that offers them: each module's `types.ts` adds its entry (interface merging,
 * as the modules import this file), e.g. `telegram: 'telegram'` in `auth/telegram/types.ts`, `wallets: 'wallet'` in
 * `wallets/types.ts`.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by each login method's folder through declaration merging
export interface LandingMethodNames {}
/** A method the landing can list (`loginMethods`, `loginMethodsAndOrder`). */
export type LoginMethod = LandingMethodNames[keyof LandingMethodNames]

export type ThemeName = 'light' | 'dark'
export type WalletChainType = 'ethereum-only' | 'solana-only' | 'ethereum-and-solana'
/** A picker entry: a known wallet id (metamask, phantom, wallet_connect, ...) or every detected wallet (of one chain). */
export type WalletListEntry = 'detected_wallets' | 'detected_ethereum_wallets' | 'detected_solana_wallets' | (string & {})

export interface Appearance {
  theme: ThemeName
  /** Accent colour as #rrggbb; null uses the theme's own. */
  accentColor: string | null
  /** Logo URL, shown at most 180×90. */
  logo: string | null
  landingHeader: string
  /** Truncated to 100 characters for display. */
  loginMessage: string | null
  showWalletLoginFirst: boolean
  walletChainType: WalletChainType
  /** The wallet picker's entries in order (sign-in spec, "Business constants and limits"); absent: `DEFAULT_WALLET_LIST` (src/core/wallets/wallet-list.ts). */
  walletList?: WalletListEntry[]
  loginGroupPriority: 'web3-first' | 'web2-first'
}

export interface Legal {
  termsAndConditionsUrl: string | null
  privacyPolicyUrl: string | null
  requireUsersAcceptTerms: boolean
}

/** Overrides for the allowlist-denied screen; null fields use the copy defaults. */
export interface AllowlistScreen {
  errorTitle: string | null
  errorDetail: string | null
  ctaText: string | null
  ctaLink: string | null
}

/** The configured landing layout (sign-in spec, "Screens and routes"): primary rows, then the rest behind 'More options'. */
export interface LoginMethodsAndOrder {
  primary: LoginMethod[]
  overflow: LoginMethod[]
}

/** Each login method adds its own fields from its `config.ts` (src/core/auth/<method>/config.ts). */
export interface EffectiveConfig {
  appId: string
  appName: string
  appearance: Appearance
  loginMethods: LoginMethod[]
  legal: Legal
  allowlist: AllowlistScreen
  disablePlusEmails: boolean
  captchaEnabled: boolean
  /** A non-null custom API URL from the server config switches the API base. */
  customApiUrl: string | null
  embeddedWallets: EmbeddedWalletsConfig
  /** The app's chains (server `chains`): added to, or overriding, the built-in 26 (src/core/chains). */
  appChains: ChainInput[]
  /** The host's chain list (sign-in spec, "Entities and their fields": `supportedChains`); null: the built-in 26 and the app's chains. */
  supportedChains: ChainInput[] | null
  /** The chain embedded Ethereum wallets start on; null: Ethereum (1), or the first of `supportedChains`. */
  defaultChain: number | null
  /** Cluster RPCs over the public defaults of mainnet-beta, devnet and testnet (src/core/chains). */
  solanaClusters: SolanaCluster[]
  /** Null: the legacy layout (sign-in spec, "Screens and routes"). */
  loginMethodsAndOrder: LoginMethodsAndOrder | null
  /** Phone input default country (ISO 3166 alpha-2), default 'US'. */
  intl: { defaultCountry: string }
  /** `t:<key>` Turnstile or `a:<app id>` ALTCHA; null when CAPTCHA is off. */
  captchaSiteKey: string | null
  /** Server `wallet_connect_cloud_project_id`: the picker offers WalletConnect only when one is set. */
  walletConnectProjectId: string | null
  /** Server `wallet_connect_relay_url`: the relay WalletConnect pairs through; null: WalletConnect's own. */
  walletConnectRelayUrl: string | null
  /** Server `mfa_methods`: the wallet-action MFA methods users may enrol (wallet spec, "Screens and routes"); absent: all three. */
  mfaMethods?: MfaMethodType[]
  /** Server `funding_config` as sent (the funding code maps it when it loads); null: the app has no funding. */
  fundingConfig: FundingConfigDto | null
}

export type CreateOnLogin = 'off' | 'users-without-wallets' | 'all-users'
export interface EmbeddedWalletsConfig {
  /** The Ethereum setting (the server's top-level `create_on_login`, kept for hosts that read it). */
  createOnLogin: CreateOnLogin
  ethereum: { createOnLogin: CreateOnLogin }
  solana: { createOnLogin: CreateOnLogin }
  /** A new wallet must get a password (user-passcode) recovery. */
  requireUserPasswordOnCreate: boolean
  /** A new wallet must get a user-owned recovery (an offered method: password or cloud backup); unset: no. */
  requireUserOwnedRecoveryOnCreate?: boolean
  /** Default true: signing shows a confirmation screen. */
  showWalletUIs: boolean
  /**
   * Whether the confirmation scans each Ethereum transaction (funding spec, "States and transitions"); unset: the server's setting decides
   * (a scan it refuses with `feature_not_enabled` is no scan).
   */
  transactionScanning?: { enabled: boolean }
  /** The user-owned recovery methods the recovery selection offers (server `user_owned_recovery_options`); unset: a password only. */
  userOwnedRecoveryOptions?: UserOwnedRecoveryOption[]
  /**
   * The signed-in user's embedded wallets are announced to the page's dapps: Ethereum through EIP-6963, Solana through
   * wallet-standard (server `announce_wallets_enabled`, default off).
   */
  announceWallets?: boolean
}

export type UserOwnedRecoveryOption = 'user-passcode' | CloudRecoveryProvider

/** An EVM chain by id; only `id` is needed for a built-in one, whose other fields (and public RPC) it replaces. */
export interface ChainInput {
  id: number
  name?: string
  network?: string
  nativeCurrency?: { name: string; symbol: string; decimals: number }
  rpcUrl?: string
  /** The app chain's own RPC when `rpcUrl` is the API server's chain relay (src/core/chains/relay-app-rpcs.ts). */
  upstreamRpcUrl?: string
  blockExplorerUrl?: string | null
  testnet?: boolean
  /** Funding: the network on-ramps and the bridge deliver this chain's funds on, for a chain outside the built-in table. */
  onrampNetwork?: string | null
  /** Funding: the chain's USDC contract, for a chain outside the built-in table. */
  usdcAddress?: string | null
}

export interface SolanaCluster {
  name: 'mainnet-beta' | 'devnet' | 'testnet'
  rpcUrl: string
  blockExplorerUrl: string | null
  /** Funding: the cluster's USDC mint where it is not the built-in one (a local cluster's test mint). */
  usdcMint?: string | null
}

/** What a host may pass: every appearance/legal field optional. */
export interface EffectiveConfigInput {
  appearance: Partial<Appearance>
  loginMethods: LoginMethod[]
  loginMethodsAndOrder: LoginMethodsAndOrder
  legal: Partial<Legal>
  intl: { defaultCountry: string }
  embeddedWallets: Partial<EmbeddedWalletsConfig>
  supportedChains: ChainInput[]
  defaultChain: number
  solanaClusters: SolanaCluster[]
}

export interface ConfigState {
  /** `defaults` until the server config has loaded (sign-in spec, "States and transitions": "Config load"). */
  source: 'defaults' | 'server'
  config: EffectiveConfig
  error: TesseraError | null
}
