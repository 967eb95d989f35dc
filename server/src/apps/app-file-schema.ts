import { z } from 'zod'
import { APP_ID_LENGTH, embeddedWalletsModes, SESSION_SIGNER_ID, GOOGLE_DRIVE_API_URL } from '../../../src/protocol/index.js'
import type { LoginMethodModule } from '../auth/login-method.js'
import { loginMethodModules, loginMethodNames } from '../auth/login-methods.js'
import { fundingFileSchema, fundingFromFile } from '../funding/funding-file-schema.js'
import { parseP256PublicKey } from '../server-wallets/p256-key.js'
import { smartWalletsFileSchema, smartWalletsFromFile } from '../smart-wallets/smart-wallets-file-schema.js'
import { gasSponsorshipFileSchema, gasSponsorshipFromFile } from '../sponsorship/gas-sponsorship-file-schema.js'
import { hashAppSecret, MIN_APP_SECRET_LENGTH } from './app-secret.js'
import { envName, fromEnv, httpUrl, optional, text, type SecretSources } from './file-schema-parts.js'
import type { AppInput, CaptchaSettings, EmbeddedWalletSettings } from './types.js'

/**
 * The snake_case JSON form of an app's settings, shared by the config file (`apps[]`) and the CLI's
 * `--oauth-json`. Each setting present replaces the stored one; absent ones stay as they are.
 * Secrets can come from the environment (`*_env`) and keys from files (`*_file`, relative to the config file).
 */
/** An allowed-origin entry: scheme://host[:port] without a path; the port may be * (any port). */
export const isOriginEntry = (value: string): boolean => /^https?:\/\/[^/\s]+$/.test(value)

/** A WebSocket URL with a host (the WalletConnect relay's form). */
function isRelayUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return (url.protocol === 'ws:' || url.protocol === 'wss:') && !!url.host
  } catch {
    return false
  }
}

const allowlistSchema = z.strictObject({
  enabled: z.boolean().default(true),
  entries: z.array(text(320)).max(100_000).default([]),
  error_title: text().nullable().default(null),
  error_detail: text(2000).nullable().default(null),
  cta_text: text().nullable().default(null),
  cta_link: httpUrl.nullable().default(null),
})

export const ALTCHA_MAX_NUMBER_LIMIT = 10_000_000
const captchaSchema = z.discriminatedUnion('provider', [
  z.strictObject({ provider: z.literal('altcha'), altcha_max_number: z.number().int().min(1).max(ALTCHA_MAX_NUMBER_LIMIT).optional() }),
  z
    .strictObject({
      provider: z.literal('turnstile'),
      site_key: text(),
      secret_key: text(4000).optional(),
      secret_key_env: envName.optional(),
      verify_url: httpUrl.optional(),
    })
    .refine((t) => (t.secret_key === undefined) !== (t.secret_key_env === undefined), 'give one of secret_key or secret_key_env'),
])

const p256PublicKeyText = z.string().refine((text) => parseP256PublicKey(text) !== null, 'must be a base64 SPKI P-256 public key')
const sessionSigner = z.strictObject({ id: z.string().regex(SESSION_SIGNER_ID, 'must be 2 to 32 lowercase letters and digits'), public_key: p256PublicKeyText })
const createOnLogin = z.enum(['off', 'users-without-wallets', 'all-users'])
export const embeddedWalletsFileSchema = z.strictObject({
  ethereum_create_on_login: createOnLogin.default('off'),
  solana_create_on_login: createOnLogin.default('off'),
  require_user_password_on_create: z.boolean().default(false),
  require_user_owned_recovery_on_create: z.boolean().default(false),
  // iCloud is an adapter interface only: listing it offers nothing on the web.
  user_owned_recovery_options: z
    .array(z.enum(['user-passcode', 'google-drive', 'icloud']))
    .max(3)
    .default(['user-passcode']),
  google_drive_api_url: httpUrl.default(GOOGLE_DRIVE_API_URL),
  delegated_actions_enabled: z.boolean().default(false),
  // Announce the signed-in user's embedded wallets to the page's dapps (EIP-6963, wallet-standard).
  announce_wallets_enabled: z.boolean().default(false),
  // New wallets on the device (legacy) or in the server's signer (privy-v2).
  mode: z.enum(embeddedWalletsModes).default('legacy-embedded-wallets-only'),
  // The app backend's signers: an id wallets name in `additional_signers`, and a P-256 public key (base64 SPKI).
  session_signers: z
    .array(sessionSigner)
    .max(20)
    .default([])
    .refine((signers) => new Set(signers.map((signer) => signer.id)).size === signers.length, 'ids must be unique'),
})
/** An EIP-155 chain id (positive, within what JSON numbers and wallets carry exactly). */
const chainId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER)
const evmAddress = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'must be an address')
  .transform((address) => address.toLowerCase())
const base58Address = z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'must be a base58 mint address')
const chainSchema = z.strictObject({
  id: chainId,
  name: text(100),
  native_currency: z.strictObject({ name: text(100), symbol: text(20), decimals: z.number().int().min(0).max(36) }),
  rpc_url: httpUrl,
  block_explorer_url: httpUrl.nullable().default(null),
  testnet: z.boolean().default(false),
  onramp_network: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/, 'must be a network name (base, ethereum...)')
    .optional(),
  usdc_address: evmAddress.optional(),
})
const solanaClusterSchema = z.strictObject({
  name: z.enum(['mainnet-beta', 'devnet', 'testnet']),
  rpc_url: httpUrl,
  block_explorer_url: httpUrl.nullable().default(null),
  usdc_mint: base58Address.optional(),
})
const transactionScanningSchema = z.strictObject({
  enabled: z.boolean().default(true),
  deny_list: z.array(evmAddress).max(100_000).default([]),
  trusted_spenders: z.array(evmAddress).max(100_000).default([]),
  blockaid: z
    .strictObject({ api_url: httpUrl.default('https://api.blockaid.io'), api_key_env: envName })
    .nullable()
    .optional(),
})
/** `<chainId>:<SYMBOL>` or `<chainId>:<token address>`; chain 0 is Solana. */
const tokenPriceKey = z
  .string()
  .regex(/^\d{1,20}:(0x[0-9a-fA-F]{40}|[A-Za-z0-9.]{1,20})$/, 'must be <chainId>:<SYMBOL> or <chainId>:<token address>')
  .transform((key) => (key.includes(':0x') ? key.toLowerCase() : key.toUpperCase()))
const coingeckoSchema = z.strictObject({ api_url: httpUrl.default('https://api.coingecko.com/api/v3'), api_key_env: envName.optional() })
const solanaTokenSchema = z.strictObject({ mint: base58Address, symbol: text(20) })
const distinctBy =
  <T>(key: (item: T) => unknown) =>
  (items: T[]) =>
    new Set(items.map(key)).size === items.length

type FieldsOf<Module> = Module extends LoginMethodModule<infer Shape> ? Shape : never
type Intersection<Union> = (Union extends unknown ? (member: Union) => void : never) extends (all: infer All) => void ? All : never
/** Every login method's fields (its `settings.ts`), each keeping its own schema's type. */
const loginMethodFields = Object.fromEntries(loginMethodModules.flatMap((method) => Object.entries(method.settings?.file ?? {}))) as Intersection<
  FieldsOf<(typeof loginMethodModules)[number]>
>

export const appFileSchema = z.strictObject({
  id: z
    .string()
    .length(APP_ID_LENGTH)
    .regex(/^[a-z0-9-]+$/),
  name: text(200).optional(),
  allowed_origins: z.array(z.string().max(300)).optional(),
  login_methods: z.array(z.enum(loginMethodNames)).optional(),
  terms_url: httpUrl.nullable().optional(),
  privacy_url: httpUrl.nullable().optional(),
  require_users_accept_terms: z.boolean().optional(),
  logo_url: httpUrl.nullable().optional(),
  accent_color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/)
    .nullable()
    .optional(),
  theme: z.enum(['light', 'dark']).nullable().optional(),
  ...loginMethodFields,
  wallet_connect_cloud_project_id: z
    .string()
    .regex(/^[0-9a-f]{32}$/, 'must be a WalletConnect Cloud project id (32 hex digits)')
    .nullable()
    .optional(),
  wallet_connect_relay_url: z.string().max(2000).refine(isRelayUrl, 'must be a ws(s) URL').nullable().optional(),
  allowlist: allowlistSchema.optional(),
  user_limit: z.number().int().positive().nullable().optional(),
  signup_disabled: z.boolean().optional(),
  captcha: captchaSchema.nullable().optional(),
  account_transfer_enabled: z.boolean().optional(),
  wallet_rpc_urls: z.record(z.string().regex(/^\d{1,20}$/, 'must be an EIP-155 chain id'), httpUrl).optional(),
  max_linked_wallets_per_user: z.number().int().positive().nullable().optional(),
  embedded_wallets: embeddedWalletsFileSchema.optional(),
  chains: z
    .array(chainSchema)
    .max(100)
    .refine(
      distinctBy((chain: { id: number }) => chain.id),
      'chain ids must be distinct',
    )
    .optional(),
  default_chain_id: chainId.nullable().optional(),
  solana_clusters: z
    .array(solanaClusterSchema)
    .max(3)
    .refine(
      distinctBy((cluster: { name: string }) => cluster.name),
      'cluster names must be distinct',
    )
    .optional(),
  mfa_methods: z
    .array(z.enum(['sms', 'totp', 'passkey']))
    .refine(
      distinctBy((method: string) => method),
      'methods must be distinct',
    )
    .optional(),
  /** The app backend's secret for server-to-server calls (HTTP Basic `app_id:app_secret`); only its hash is stored. */
  app_secret: z.string().min(MIN_APP_SECRET_LENGTH).max(500).nullable().optional(),
  app_secret_env: envName.optional(),
  transaction_scanning: transactionScanningSchema.optional(),
  token_prices: z.record(tokenPriceKey, z.number().positive().finite()).optional(),
  coingecko: coingeckoSchema.nullable().optional(),
  solana_tokens: z.array(solanaTokenSchema).max(10_000).optional(),
  /** Cookie sessions (docs/decisions.md "Cookie sessions"); null turns them off. */
  cookie_sessions: z
    .strictObject({ access_token_in_cookie: z.boolean().default(false), api_url: httpUrl.nullable().default(null) })
    .nullable()
    .optional(),
  funding: fundingFileSchema.nullable().optional(),
  smart_wallets: smartWalletsFileSchema.nullable().optional(),
  /** Fees paid by the app's paymaster; its signing key is sealed in server_secrets, never kept in the settings. */
  gas_sponsorship: gasSponsorshipFileSchema.nullable().optional(),
})

/** An app as a config file declares it (defaults not yet applied). */
export type AppFile = z.input<typeof appFileSchema>
type ParsedAppFile = z.output<typeof appFileSchema>

function captchaFromFile(file: z.infer<typeof captchaSchema>, sources: SecretSources): CaptchaSettings {
  if (file.provider === 'altcha') {
    return { provider: 'altcha', siteKey: null, secretKey: null, verifyUrl: null, ...(file.altcha_max_number && { altchaMaxNumber: file.altcha_max_number }) }
  }
  return {
    provider: 'turnstile',
    siteKey: file.site_key,
    secretKey: file.secret_key_env ? fromEnv(sources, file.secret_key_env) : file.secret_key!,
    verifyUrl: file.verify_url ?? null,
  }
}

function appSecretHashFromFile(app: ParsedAppFile, sources: SecretSources): string | null | undefined {
  if (app.app_secret !== undefined && app.app_secret_env !== undefined) throw new Error('give one of app_secret or app_secret_env')
  return app.app_secret_env ? hashAppSecret(fromEnv(sources, app.app_secret_env)) : optional(app.app_secret, hashAppSecret)
}

export function embeddedWalletsFromFile(file: z.output<typeof embeddedWalletsFileSchema>): EmbeddedWalletSettings {
  return {
    ethereumCreateOnLogin: file.ethereum_create_on_login,
    solanaCreateOnLogin: file.solana_create_on_login,
    requireUserPasswordOnCreate: file.require_user_password_on_create,
    requireUserOwnedRecoveryOnCreate: file.require_user_owned_recovery_on_create,
    userOwnedRecoveryOptions: file.user_owned_recovery_options,
    googleDriveApiUrl: file.google_drive_api_url,
    delegatedActionsEnabled: file.delegated_actions_enabled,
    announceWalletsEnabled: file.announce_wallets_enabled,
    mode: file.mode,
    sessionSigners: file.session_signers.map((signer) => ({ id: signer.id, publicKey: signer.public_key })),
  }
}

/** The login methods' settings the app object declares, as each method maps its fields. */
function loginMethodSettingsFromFile(app: ParsedAppFile, sources: SecretSources): AppInput {
  // The common type: on the list's union, `fromFile` would want every method's fields in one type.
  const methods: readonly LoginMethodModule[] = loginMethodModules
  const input: AppInput = {}
  for (const { settings } of methods) Object.assign(input, settings?.fromFile(app, sources))
  return input
}

/** The app settings a validated snake_case app object declares. */
export function appInputFromFile(app: ParsedAppFile, sources: SecretSources): AppInput {
  return {
    id: app.id,
    name: app.name,
    allowedOrigins: app.allowed_origins,
    loginMethods: app.login_methods,
    termsUrl: app.terms_url,
    privacyUrl: app.privacy_url,
    requireUsersAcceptTerms: app.require_users_accept_terms,
    logoUrl: app.logo_url,
    accentColor: app.accent_color,
    theme: app.theme,
    ...loginMethodSettingsFromFile(app, sources),
    walletConnectProjectId: app.wallet_connect_cloud_project_id,
    walletConnectRelayUrl: app.wallet_connect_relay_url,
    allowlist: app.allowlist && {
      enabled: app.allowlist.enabled,
      entries: app.allowlist.entries,
      errorTitle: app.allowlist.error_title,
      errorDetail: app.allowlist.error_detail,
      ctaText: app.allowlist.cta_text,
      ctaLink: app.allowlist.cta_link,
    },
    userLimit: app.user_limit,
    signupDisabled: app.signup_disabled,
    captcha: optional(app.captcha, (c) => captchaFromFile(c, sources)),
    accountTransferEnabled: app.account_transfer_enabled,
    walletRpcUrls: app.wallet_rpc_urls,
    maxLinkedWalletsPerUser: app.max_linked_wallets_per_user,
    embeddedWallets: app.embedded_wallets && embeddedWalletsFromFile(app.embedded_wallets),
    chains: app.chains?.map((chain) => ({
      id: chain.id,
      name: chain.name,
      nativeCurrency: chain.native_currency,
      rpcUrl: chain.rpc_url,
      blockExplorerUrl: chain.block_explorer_url,
      testnet: chain.testnet,
      ...(chain.onramp_network && { onrampNetwork: chain.onramp_network }),
      ...(chain.usdc_address && { usdcAddress: chain.usdc_address }),
    })),
    defaultChainId: app.default_chain_id,
    solanaClusters: app.solana_clusters?.map((cluster) => ({
      name: cluster.name,
      rpcUrl: cluster.rpc_url,
      blockExplorerUrl: cluster.block_explorer_url,
      ...(cluster.usdc_mint && { usdcMint: cluster.usdc_mint }),
    })),
    mfaMethods: app.mfa_methods,
    appSecretHash: appSecretHashFromFile(app, sources),
    transactionScanning: app.transaction_scanning && {
      enabled: app.transaction_scanning.enabled,
      denyList: app.transaction_scanning.deny_list,
      trustedSpenders: app.transaction_scanning.trusted_spenders,
      blockaid: optional(app.transaction_scanning.blockaid, (blockaid) => ({ apiUrl: blockaid.api_url.replace(/\/+$/, ''), apiKeyEnv: blockaid.api_key_env })),
    },
    tokenPrices: app.token_prices,
    coingecko: optional(app.coingecko, (coingecko) => ({ apiUrl: coingecko.api_url.replace(/\/+$/, ''), apiKeyEnv: coingecko.api_key_env ?? null })),
    solanaTokens: app.solana_tokens,
    funding: optional(app.funding, (funding) => fundingFromFile(funding, sources)),
    smartWallets: optional(app.smart_wallets, smartWalletsFromFile),
    gasSponsorship: optional(app.gas_sponsorship, gasSponsorshipFromFile),
    cookieSessions: optional(app.cookie_sessions, (cookies) => ({
      accessTokenInCookie: cookies.access_token_in_cookie,
      apiUrl: cookies.api_url?.replace(/\/+$/, '') ?? null,
    })),
  }
}
