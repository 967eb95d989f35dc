import { z } from 'zod'
import { fundingProviderMethods } from '../../../src/protocol/funding.js'
import { envName, givesOneOf, httpUrl, optionalSecretOf, secretOf, text, type SecretSources } from '../apps/file-schema-parts.js'
import type { BridgeSettings, CoinbaseOnrampSettings, FundingSettings, MoonpayKeys, MoonpaySettings } from '../apps/types.js'

/**
 * The `funding` section of an app in the config file (and of the CLI's `--funding-json`), snake_case. Provider
 * secrets are given inline or as `*_env` (read when the file is loaded, stored with the app, never printed).
 */
const trimmedUrl = httpUrl.transform((url) => url.replace(/\/+$/, ''))
const COINBASE_PAY_URL = 'https://pay.coinbase.com'
/** Coinbase's sandbox page host (docs.cdp.coinbase.com, Onramp "Sandbox testing"). */
const COINBASE_SANDBOX_PAY_URL = 'https://pay-sandbox.coinbase.com'

const coinbaseOnrampSchema = z
  .strictObject({
    project_id: text(200),
    api_key_name: text(300),
    api_key_secret: text(10_000).optional(),
    api_key_secret_env: envName.optional(),
    api_url: trimmedUrl.default('https://api.developer.coinbase.com/onramp'),
    pay_url: trimmedUrl.optional(),
    sandbox: z.boolean().default(false),
    webhook_secret: text(1000).optional(),
    webhook_secret_env: envName.optional(),
  })
  .refine((c) => givesOneOf(c.api_key_secret, c.api_key_secret_env), 'give one of api_key_secret or api_key_secret_env')
  .refine((c) => c.webhook_secret === undefined || c.webhook_secret_env === undefined, 'give at most one of webhook_secret or webhook_secret_env')

const publishableKey = z.string().regex(/^pk_[A-Za-z0-9_]{1,200}$/, 'must be a MoonPay publishable key (pk_...)')
const moonpayKeysSchema = z
  .strictObject({ publishable_key: publishableKey, secret_key: text(1000).optional(), secret_key_env: envName.optional() })
  .refine((keys) => givesOneOf(keys.secret_key, keys.secret_key_env), 'give one of secret_key or secret_key_env')
const moonpaySchema = z
  .strictObject({
    publishable_key: publishableKey,
    secret_key: text(1000).optional(),
    secret_key_env: envName.optional(),
    sandbox: moonpayKeysSchema.nullable().optional(),
    widget_url: trimmedUrl.default('https://buy.moonpay.com'),
    sandbox_widget_url: trimmedUrl.default('https://buy-sandbox.moonpay.com'),
    api_url: trimmedUrl.default('https://api.moonpay.com'),
    webhook_key: text(1000).optional(),
    webhook_key_env: envName.optional(),
  })
  .refine((m) => givesOneOf(m.secret_key, m.secret_key_env), 'give one of secret_key or secret_key_env')
  .refine((m) => m.webhook_key === undefined || m.webhook_key_env === undefined, 'give at most one of webhook_key or webhook_key_env')

const bridgeSchema = z
  .strictObject({
    provider: z.literal('relay'),
    api_url: trimmedUrl.default('https://api.relay.link'),
    testnets_api_url: trimmedUrl.default('https://api.testnets.relay.link'),
    api_key: text(1000).optional(),
    api_key_env: envName.optional(),
    explorer_url: trimmedUrl.default('https://relay.link'),
    testnets_explorer_url: trimmedUrl.default('https://testnets.relay.link'),
  })
  .refine((b) => givesOneOf(b.api_key, b.api_key_env), 'give one of api_key or api_key_env')

/** A decimal amount above zero in whole units ('0.01'). */
const positiveDecimal = z
  .string()
  .regex(/^\d{1,18}(\.\d{1,18})?$/, 'must be a decimal amount')
  .refine((value) => /[1-9]/.test(value), 'must be above 0')

export const fundingFileSchema = z.strictObject({
  methods: z
    .array(z.enum(fundingProviderMethods))
    .max(fundingProviderMethods.length)
    .refine((methods) => new Set(methods).size === methods.length, 'methods must be distinct'),
  default_recommended_currency: z.strictObject({
    chain: z
      .string()
      .regex(/^(eip155:[1-9]\d{0,15}|solana:(mainnet-beta|devnet|testnet))$/, 'must be eip155:<chain id> or solana:<mainnet-beta|devnet|testnet>'),
    asset: z.enum(['native-currency', 'USDC']).optional(),
  }),
  default_recommended_amount: positiveDecimal,
  prompt_funding_on_wallet_creation: z.boolean().default(false),
  cross_chain_bridging_enabled: z.boolean().default(false),
  coinbase_onramp: coinbaseOnrampSchema.nullable().optional(),
  moonpay: moonpaySchema.nullable().optional(),
  bridge: bridgeSchema.nullable().optional(),
})
type FundingFile = z.output<typeof fundingFileSchema>

function coinbaseFromFile(file: z.output<typeof coinbaseOnrampSchema>, sources: SecretSources): CoinbaseOnrampSettings {
  return {
    projectId: file.project_id,
    apiKeyName: file.api_key_name,
    apiKeySecret: secretOf(file.api_key_secret, file.api_key_secret_env, sources),
    apiUrl: file.api_url,
    payUrl: file.pay_url ?? (file.sandbox ? COINBASE_SANDBOX_PAY_URL : COINBASE_PAY_URL),
    sandbox: file.sandbox,
    webhookSecret: optionalSecretOf(file.webhook_secret, file.webhook_secret_env, sources),
  }
}

const moonpayKeysFromFile = (keys: z.output<typeof moonpayKeysSchema>, sources: SecretSources): MoonpayKeys => ({
  publishableKey: keys.publishable_key,
  secretKey: secretOf(keys.secret_key, keys.secret_key_env, sources),
})

function moonpayFromFile(file: z.output<typeof moonpaySchema>, sources: SecretSources): MoonpaySettings {
  return {
    ...moonpayKeysFromFile(file, sources),
    sandbox: file.sandbox ? moonpayKeysFromFile(file.sandbox, sources) : null,
    widgetUrl: file.widget_url,
    sandboxWidgetUrl: file.sandbox_widget_url,
    apiUrl: file.api_url,
    webhookKey: optionalSecretOf(file.webhook_key, file.webhook_key_env, sources),
  }
}

const bridgeFromFile = (file: z.output<typeof bridgeSchema>, sources: SecretSources): BridgeSettings => ({
  provider: file.provider,
  apiUrl: file.api_url,
  testnetsApiUrl: file.testnets_api_url,
  apiKey: secretOf(file.api_key, file.api_key_env, sources),
  explorerUrl: file.explorer_url,
  testnetsExplorerUrl: file.testnets_explorer_url,
})

/** The funding settings a validated `funding` section declares. */
export function fundingFromFile(file: FundingFile, sources: SecretSources): FundingSettings {
  return {
    methods: file.methods,
    defaultRecommendedCurrency: {
      chain: file.default_recommended_currency.chain,
      ...(file.default_recommended_currency.asset && { asset: file.default_recommended_currency.asset }),
    },
    defaultRecommendedAmount: file.default_recommended_amount,
    promptFundingOnWalletCreation: file.prompt_funding_on_wallet_creation,
    crossChainBridgingEnabled: file.cross_chain_bridging_enabled,
    coinbaseOnramp: file.coinbase_onramp ? coinbaseFromFile(file.coinbase_onramp, sources) : null,
    moonpay: file.moonpay ? moonpayFromFile(file.moonpay, sources) : null,
    bridge: file.bridge ? bridgeFromFile(file.bridge, sources) : null,
  }
}
