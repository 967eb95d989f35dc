import { createHmac } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppRecord } from '../../apps/types.js'
import { startTestServer, type TestServer } from '../../test-support/test-server.js'
import { signInWithWallets, testFundingSettings, type FundingTestUser } from '../test-support/route-testing.js'
import { generateCdpApiKey } from '../test-support/cdp-keys.js'

const SIGN = '/api/v1/plugins/moonpay_on_ramp/sign'
const MOONPAY = 'http://moonpay.test'
const evmWallet = '0x5555555555555555555555555555555555555555'
const solanaWallet = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV'
let t: TestServer
let user: FundingTestUser
let withWebhooks: AppRecord
let webhookUser: FundingTestUser
beforeAll(async () => {
  const funding = testFundingSettings(
    { coinbase: 'http://127.0.0.1:9', moonpay: MOONPAY, relay: 'http://127.0.0.1:9' },
    { cdpKey: generateCdpApiKey('ec').secret },
  )
  t = await startTestServer({ app: { funding } })
  user = await signInWithWallets(t, [
    { address: evmWallet, chainType: 'ethereum' },
    { address: solanaWallet, chainType: 'solana' },
  ])
  withWebhooks = await t.createApp({
    name: 'MoonPay webhooks',
    funding: {
      ...funding,
      moonpay: { ...funding.moonpay!, webhookKey: 'wk_moonpay', sandbox: { publishableKey: 'pk_test_tessera', secretKey: 'sk_test_tessera_secret' } },
    },
  })
  webhookUser = await signInWithWallets(t, [{ address: evmWallet, chainType: 'ethereum' }], withWebhooks.id)
})
afterAll(async () => {
  await t?.close()
})

const sign = (body: unknown, who: FundingTestUser | null = user, appId?: string) =>
  t.call(SIGN, { body, ...(who && { token: who.token }), ...(appId && { appId }) })
/** MoonPay's check: HMAC-SHA256 (base64) of the query string before `&signature=`, under the secret key. */
const signatureValid = (signedUrl: string, secretKey: string) => {
  const [unsigned, signature] = new URL(signedUrl).search.split('&signature=')
  return createHmac('sha256', secretKey).update(unsigned!).digest('base64') === decodeURIComponent(signature ?? '')
}

describe('POST /api/v1/plugins/moonpay_on_ramp/sign', () => {
  it("builds and signs the widget URL from the app's key and the user's wallet, with a fresh external transaction id", async () => {
    const response = await sign({
      address: evmWallet,
      config: { currencyCode: 'ETH_BASE', quoteCurrencyAmount: 0.02, paymentMethod: 'credit_debit_card', uiConfig: { accentColor: '#676FFF', theme: 'light' } },
    })
    expect(response.status).toBe(200)
    const { signedUrl, externalTransactionId, statusUrl } = response.body
    expect(externalTransactionId).toMatch(/^[a-z0-9]{32}$/)
    const url = new URL(signedUrl)
    expect(`${url.origin}${url.pathname}`).toBe(`${MOONPAY}/widget`)
    expect(Object.fromEntries(url.searchParams)).toEqual({
      apiKey: 'pk_live_tessera',
      currencyCode: 'eth_base',
      walletAddress: evmWallet,
      quoteCurrencyAmount: '0.02',
      paymentMethod: 'credit_debit_card',
      colorCode: '#676FFF',
      theme: 'light',
      externalTransactionId,
      signature: expect.any(String),
    })
    expect(signatureValid(signedUrl, 'sk_live_tessera_secret')).toBe(true)
    expect(statusUrl).toBe(`${MOONPAY}/v1/transactions/ext/${externalTransactionId}?apiKey=pk_live_tessera`)
    expect(JSON.stringify(response.body)).not.toContain('sk_live_tessera_secret')
  })

  it('never signs a URL or parameter the caller hands it', async () => {
    const response = await sign({
      address: evmWallet,
      url: 'https://evil.example/widget',
      signedUrl: 'https://evil.example',
      config: { redirectURL: 'https://evil.example', apiKey: 'pk_evil' },
    })
    expect(response.status).toBe(200)
    const url = new URL(response.body.signedUrl)
    expect(url.origin).toBe(MOONPAY)
    expect(url.searchParams.get('apiKey')).toBe('pk_live_tessera')
    expect(url.searchParams.has('redirectURL')).toBe(false)
    expect(response.body.signedUrl).not.toContain('evil')
  })

  it('signs Solana purchases with Solana currencies', async () => {
    const response = await sign({ address: solanaWallet, config: { currencyCode: 'USDC_SOL' } })
    expect(new URL(response.body.signedUrl).searchParams.get('currencyCode')).toBe('usdc_sol')
    expect((await sign({ address: solanaWallet, config: { currencyCode: 'ETH' } })).status).toBe(400)
  })

  it('uses the sandbox keys and widget when asked and configured, and refuses clearly when they are not', async () => {
    const refused = await sign({ address: evmWallet, useSandbox: true, config: {} })
    expect(refused).toMatchObject({ status: 403, body: { code: 'feature_not_enabled', error: 'MoonPay sandbox keys are not configured for this app' } })
    const sandbox = await sign({ address: evmWallet, useSandbox: true, config: {} }, webhookUser, withWebhooks.id)
    expect(sandbox.status).toBe(200)
    const url = new URL(sandbox.body.signedUrl)
    expect(`${url.origin}${url.pathname}`).toBe(`${MOONPAY}/sandbox-widget`)
    expect(url.searchParams.get('apiKey')).toBe('pk_test_tessera')
    expect(signatureValid(sandbox.body.signedUrl, 'sk_test_tessera_secret')).toBe(true)
  })

  it("points the status at this server's copy of the webhooks when the app receives them", async () => {
    const response = await sign({ address: evmWallet, config: {} }, webhookUser, withWebhooks.id)
    expect(response.body.statusUrl).toBe(
      `${t.url}/api/v1/plugins/moonpay_on_ramp/transactions/ext/${response.body.externalTransactionId}?apiKey=${withWebhooks.id}`,
    )
  })

  it("refuses another user's wallet, bad input, a missing session and an app without MoonPay", async () => {
    const other = await signInWithWallets(t, [{ address: '0x6666666666666666666666666666666666666666', chainType: 'ethereum' }])
    expect(await sign({ address: evmWallet, config: {} }, other)).toMatchObject({ status: 403, body: { code: 'linked_account_not_found' } })
    const bad: unknown[] = [
      {},
      { address: evmWallet },
      { address: 'nope', config: {} },
      { address: evmWallet, config: { currencyCode: 'DOGE' } },
      { address: evmWallet, config: { quoteCurrencyAmount: 0 } },
      { address: evmWallet, config: { quoteCurrencyAmount: 1e12 } },
      { address: evmWallet, config: { email: 'not-an-email' } },
      { address: evmWallet, config: { uiConfig: { theme: 'blue' } } },
      { address: evmWallet, config: { uiConfig: { accentColor: `#${'a'.repeat(5000)}` } } },
      { address: evmWallet, config: [] },
      { address: evmWallet, useSandbox: 1, config: {} },
      null,
    ]
    for (const body of bad) expect((await sign(body)).status, JSON.stringify(body)?.slice(0, 80)).toBe(400)
    expect((await sign({ address: evmWallet, config: {} }, null)).status).toBe(401)
    const noMoonpay = await t.createApp({ name: 'Coinbase only', funding: { ...t.app.funding!, methods: ['coinbase-onramp'] } })
    const coinbaseUser = await signInWithWallets(t, [{ address: evmWallet, chainType: 'ethereum' }], noMoonpay.id)
    expect((await sign({ address: evmWallet, config: {} }, coinbaseUser, noMoonpay.id)).body.code).toBe('feature_not_enabled')
  })
})
