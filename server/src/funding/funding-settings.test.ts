import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppConfigDto } from '../../../src/protocol/index.js'
import { redactSecrets } from '../apps/redact-secrets.js'
import { REDACTED } from '../apps/redacted.js'
import { getApp, upsertApp } from '../apps/store.js'
import type { AppInput, FundingSettings } from '../apps/types.js'
import { readConfigFile } from '../config.js'
import { openDatabase } from '../db/open.js'
import { runCli } from '../test-support/run-cli.js'
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.js'
import { startTestServer, type TestServer } from '../test-support/test-server.js'
import { everyFundingMethod } from './test-support/route-testing.js'
import { generateCdpApiKey } from './test-support/cdp-keys.js'

const dir = mkdtempSync(join(tmpdir(), 'tessera-funding-config-'))
const id = 'funding-config-app-000001'
const cdpKey = generateCdpApiKey('ec').secret
const env = {
  CDP_KEY: cdpKey,
  CDP_WEBHOOK: 'cdp-webhook-secret-value',
  MOONPAY_SECRET: 'sk_live_moonpay_secret_value',
  MOONPAY_WEBHOOK: 'wk_moonpay_webhook_value',
  RELAY_KEY: 'relay-api-key-value',
}
const secrets = Object.values(env)
const usdc = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const usdcMint = 'EPjFWzd5AufqSWNqU2qvBtWYgLLZKgm7xyc7P4LSWbwa'

const chains = [
  {
    id: 31337,
    name: 'Anvil',
    native_currency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpc_url: 'http://127.0.0.1:8545',
    testnet: true,
    onramp_network: 'base',
    usdc_address: usdc,
  },
  {
    id: 31338,
    name: 'Anvil 2',
    native_currency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpc_url: 'http://127.0.0.1:8546',
    testnet: true,
    onramp_network: 'optimism',
  },
]
const fundingSection = {
  methods: ['coinbase-onramp', 'moonpay', 'external'],
  default_recommended_currency: { chain: 'eip155:31337', asset: 'native-currency' },
  default_recommended_amount: '0.01',
  prompt_funding_on_wallet_creation: false,
  cross_chain_bridging_enabled: true,
  coinbase_onramp: { project_id: 'cdp-project', api_key_name: 'organizations/o/apiKeys/k', api_key_secret_env: 'CDP_KEY', webhook_secret_env: 'CDP_WEBHOOK' },
  moonpay: {
    publishable_key: 'pk_live_moonpay',
    secret_key_env: 'MOONPAY_SECRET',
    sandbox: { publishable_key: 'pk_test_moonpay', secret_key: 'sk_test_inline' },
    webhook_key_env: 'MOONPAY_WEBHOOK',
  },
  bridge: { provider: 'relay', api_key_env: 'RELAY_KEY' },
}
const appSection = (overrides: Record<string, unknown> = {}) => ({
  id,
  name: 'Funding',
  chains,
  solana_clusters: [{ name: 'devnet', rpc_url: 'http://127.0.0.1:8899', usdc_mint: usdcMint }],
  funding: fundingSection,
  ...overrides,
})
const configFile = (app: Record<string, unknown>) => {
  const file = join(dir, `config-${Math.random().toString(36).slice(2)}.json`)
  writeFileSync(file, JSON.stringify({ apps: [app] }))
  return file
}
const read = (app: Record<string, unknown>, environment: NodeJS.ProcessEnv = env) => readConfigFile(configFile(app), environment)[0]!

const expectedFunding: FundingSettings = {
  ...everyFundingMethod,
  coinbaseOnramp: {
    projectId: 'cdp-project',
    apiKeyName: 'organizations/o/apiKeys/k',
    apiKeySecret: cdpKey,
    apiUrl: 'https://api.developer.coinbase.com/onramp',
    payUrl: 'https://pay.coinbase.com',
    sandbox: false,
    webhookSecret: 'cdp-webhook-secret-value',
  },
  moonpay: {
    publishableKey: 'pk_live_moonpay',
    secretKey: 'sk_live_moonpay_secret_value',
    sandbox: { publishableKey: 'pk_test_moonpay', secretKey: 'sk_test_inline' },
    widgetUrl: 'https://buy.moonpay.com',
    sandboxWidgetUrl: 'https://buy-sandbox.moonpay.com',
    apiUrl: 'https://api.moonpay.com',
    webhookKey: 'wk_moonpay_webhook_value',
  },
  bridge: {
    provider: 'relay',
    apiUrl: 'https://api.relay.link',
    testnetsApiUrl: 'https://api.testnets.relay.link',
    apiKey: 'relay-api-key-value',
    explorerUrl: 'https://relay.link',
    testnetsExplorerUrl: 'https://testnets.relay.link',
  },
}

let t: TestServer
beforeAll(async () => {
  t = await startTestServer()
})
afterAll(async () => {
  await t?.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('funding settings in the config file', () => {
  it('reads the section, with secrets from the environment and the documented defaults', () => {
    const input = read(appSection())
    expect(input.funding).toEqual(expectedFunding)
    expect(input.chains![0]).toMatchObject({ onrampNetwork: 'base', usdcAddress: usdc.toLowerCase() })
    expect(input.chains![1]).not.toHaveProperty('usdcAddress')
    expect(input.solanaClusters![0]).toMatchObject({ usdcMint })
  })

  it("takes Coinbase's sandbox page host when sandbox is on and no page is named, and URLs without trailing slashes", () => {
    const { funding } = read(
      appSection({
        funding: {
          ...fundingSection,
          coinbase_onramp: { ...fundingSection.coinbase_onramp, sandbox: true },
          bridge: { provider: 'relay', api_key: 'k', api_url: 'http://127.0.0.1:4000/' },
        },
      }),
    )
    expect(funding!.coinbaseOnramp).toMatchObject({ sandbox: true, payUrl: 'https://pay-sandbox.coinbase.com' })
    expect(funding!.bridge!.apiUrl).toBe('http://127.0.0.1:4000')
  })

  it('refuses settings that cannot work, naming the problem (and never a secret)', () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...fundingSection, methods: [] }, 'funding needs at least one method'],
      [{ ...fundingSection, coinbase_onramp: null }, 'funding method coinbase-onramp is on but coinbase_onramp is not configured'],
      [{ ...fundingSection, moonpay: undefined }, 'funding method moonpay is on but moonpay is not configured'],
      [{ ...fundingSection, bridge: null }, 'cross-chain bridging is on but no bridge is configured'],
      [{ ...fundingSection, default_recommended_currency: { chain: 'eip155:8453' } }, "funding's default chain eip155:8453 is not one of the app's chains"],
      [
        { ...fundingSection, coinbase_onramp: { ...fundingSection.coinbase_onramp, api_key_secret_env: undefined, api_key_secret: 'not-a-key' } },
        'the Coinbase Onramp api_key_secret is neither',
      ],
    ]
    for (const [funding, problem] of cases) expect(() => read(appSection({ funding })), problem).toThrow(problem)
  })

  it('refuses malformed sections with the field named', () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...fundingSection, methods: ['paypal'] }, 'funding.methods.0'],
      [{ ...fundingSection, methods: ['moonpay', 'moonpay'] }, 'methods must be distinct'],
      [{ ...fundingSection, default_recommended_currency: { chain: 'bitcoin:main' } }, 'funding.default_recommended_currency.chain'],
      [{ ...fundingSection, default_recommended_amount: '0' }, 'funding.default_recommended_amount'],
      [{ ...fundingSection, default_recommended_amount: '1e5' }, 'funding.default_recommended_amount'],
      [{ ...fundingSection, coinbase_onramp: { ...fundingSection.coinbase_onramp, api_key_secret: 'x' } }, 'give one of api_key_secret or api_key_secret_env'],
      [{ ...fundingSection, moonpay: { ...fundingSection.moonpay, publishable_key: 'sk_live_oops' } }, 'funding.moonpay.publishable_key'],
      [{ ...fundingSection, bridge: { provider: 'relay' } }, 'give one of api_key or api_key_env'],
      [{ ...fundingSection, bridge: { provider: 'lifi', api_key: 'k' } }, 'funding.bridge.provider'],
      [{ ...fundingSection, bridge: { provider: 'relay', api_key: 'k', api_url: 'ftp://relay' } }, 'funding.bridge.api_url'],
      [{ ...fundingSection, surprise: true }, 'funding'],
    ]
    for (const [funding, where] of cases) expect(() => read(appSection({ funding })), where).toThrow(where)
    expect(() => read(appSection({ chains: [{ ...chains[0], usdc_address: '0x12' }] }))).toThrow('apps.0.chains.0.usdc_address')
    expect(() => read(appSection({ chains: [{ ...chains[0], onramp_network: 'Base Mainnet!' }] }))).toThrow('apps.0.chains.0.onramp_network')
    expect(() => read(appSection(), { ...env, RELAY_KEY: undefined })).toThrow('environment variable RELAY_KEY is not set')
  })
})

describe('funding in the app config and in printed apps', () => {
  it('publishes funding_config and the chains’ funding fields, without any provider setting', async () => {
    const app = await t.createApp(read(appSection({ id: 'funding-config-app-000002' })))
    const { body } = await t.call<AppConfigDto>(`/api/v1/apps/${app.id}`, { appId: null })
    expect(body.funding_config).toEqual({
      default_recommended_currency: { chain: 'eip155:31337', asset: 'native-currency' },
      default_recommended_amount: '0.01',
      methods: ['coinbase-onramp', 'moonpay', 'external'],
      options: [
        { method: 'card', provider: 'coinbase' },
        { method: 'exchange', provider: 'coinbase' },
        { method: 'card', provider: 'moonpay' },
        { method: 'wallets', provider: 'external' },
      ],
      prompt_funding_on_wallet_creation: false,
      cross_chain_bridging_enabled: true,
    })
    expect(body.chains![0]).toMatchObject({ id: 31337, onramp_network: 'base', usdc_address: usdc.toLowerCase() })
    expect(body.chains![1]).not.toHaveProperty('usdc_address')
    expect(body.solana_clusters![0]).toMatchObject({ name: 'devnet', usdc_mint: usdcMint })
    const text = JSON.stringify(body)
    for (const secret of [...secrets, 'sk_test_inline', 'cdp-project']) expect(text).not.toContain(secret.split('\n')[1] ?? secret)
  })

  it("orders the options by the app's methods, reports bridging only with a bridge, and null without funding", async () => {
    const funding: FundingSettings = {
      ...expectedFunding,
      methods: ['external', 'moonpay'],
      coinbaseOnramp: null,
      crossChainBridgingEnabled: true,
      bridge: null,
      promptFundingOnWalletCreation: true,
    }
    const app = await t.createApp({ name: 'Stored directly', funding })
    const config = (await t.call<AppConfigDto>(`/api/v1/apps/${app.id}`, { appId: null })).body.funding_config!
    expect(config).toMatchObject({
      methods: ['external', 'moonpay'],
      options: [
        { method: 'wallets', provider: 'external' },
        { method: 'card', provider: 'moonpay' },
      ],
      cross_chain_bridging_enabled: false,
      prompt_funding_on_wallet_creation: true,
    })
    expect((await t.call<AppConfigDto>(`/api/v1/apps/${t.app.id}`, { appId: null })).body.funding_config).toBeNull()
  })

  it('masks every provider secret when an app is printed', () => {
    const printed = JSON.stringify(redactSecrets({ ...t.app, funding: expectedFunding }))
    for (const secret of [...secrets, 'sk_test_inline']) expect(printed).not.toContain(secret.split('\n')[1] ?? secret)
    expect(JSON.parse(printed).funding).toMatchObject({
      coinbaseOnramp: { apiKeySecret: REDACTED, webhookSecret: REDACTED, projectId: 'cdp-project' },
      moonpay: { secretKey: REDACTED, webhookKey: REDACTED, sandbox: { secretKey: REDACTED, publishableKey: 'pk_test_moonpay' } },
      bridge: { apiKey: REDACTED },
    })
  })
})

describe('tessera-server apps --funding-json', () => {
  let database: TestDatabase
  let place: string[]
  let cliEnv: Record<string, string | undefined>
  beforeAll(async () => {
    database = await createTestDatabase()
    place = database.dataDir ? ['--data-dir', database.dataDir] : []
    cliEnv = { DATABASE_URL: database.databaseUrl, ...env }
  })
  afterAll(async () => {
    await database?.dispose()
  })
  const stored = async (appId: string) => {
    const db = await openDatabase({ dataDir: database.dataDir ?? '', databaseUrl: database.databaseUrl })
    try {
      return (await getApp(db, appId))!
    } finally {
      await db.close()
    }
  }

  it('sets the section with secrets from the environment, prints it masked, and turns it off with null', async () => {
    const created = await runCli(['apps', 'create', '--name', 'Shop', '--funding-json', JSON.stringify(fundingSection), ...place], cliEnv)
    expect(created.code, created.stderr).toBe(0)
    const printed = JSON.parse(created.stdout)
    expect(printed.funding.moonpay.secretKey).toBe(REDACTED)
    for (const secret of secrets) expect(created.stdout + created.stderr).not.toContain(secret.split('\n')[1] ?? secret)
    expect((await stored(printed.id)).funding).toEqual(expectedFunding)
    const cleared = await runCli(['apps', 'update', printed.id, '--funding-json', 'null', ...place], cliEnv)
    expect(cleared.code, cleared.stderr).toBe(0)
    expect((await stored(printed.id)).funding).toBeNull()
  })

  it('refuses bad JSON, a malformed section and a default chain the stored app does not have, with exit code 2', async () => {
    const badJson = await runCli(['apps', 'create', '--name', 'X', '--funding-json', '{', ...place], cliEnv)
    expect(badJson).toMatchObject({ code: 2, stderr: expect.stringContaining('--funding-json is not valid JSON') })
    const malformed = await runCli(['apps', 'create', '--name', 'X', '--funding-json', JSON.stringify({ ...fundingSection, methods: 'all' }), ...place], cliEnv)
    expect(malformed).toMatchObject({ code: 2, stderr: expect.stringContaining('--funding-json: methods') })
    const db = await openDatabase({ dataDir: database.dataDir ?? '', databaseUrl: database.databaseUrl })
    const withChains: AppInput = {
      id: 'funding-cli-app-000000001',
      name: 'Chains',
      chains: [
        {
          id: 31337,
          name: 'Anvil',
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          rpcUrl: 'http://127.0.0.1:8545',
          blockExplorerUrl: null,
          testnet: true,
        },
      ],
    }
    await upsertApp(db, withChains, Date.now())
    await db.close()
    const wrongChain = await runCli(
      [
        'apps',
        'update',
        withChains.id!,
        '--funding-json',
        JSON.stringify({ ...fundingSection, default_recommended_currency: { chain: 'eip155:8453' } }),
        ...place,
      ],
      cliEnv,
    )
    expect(wrongChain).toMatchObject({ code: 2, stderr: expect.stringContaining("funding's default chain eip155:8453 is not one of the app's chains") })
    expect((await stored(withChains.id!)).funding).toBeNull()
  })
})
