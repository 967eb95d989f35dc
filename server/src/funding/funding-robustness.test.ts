import { createHmac } from 'node:crypto'
import { Writable } from 'node:stream'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../test-support/test-server.js'
import { signInWithWallets, startProviderTestServer, testFundingSettings, type FundingTestUser, type ProviderTestServer } from './test-support/route-testing.js'
import { generateCdpApiKey } from './test-support/cdp-keys.js'

const wallet = '0x6767676767676767676767676767676767676767'
const COINBASE_SECRET = 'robust-cdp-secret'
const MOONPAY_KEY = 'robust-moonpay-key'
const cdpKey = generateCdpApiKey('ed25519').secret
let logs = ''
let providers: ProviderTestServer
let t: TestServer
let user: FundingTestUser
beforeAll(async () => {
  providers = await startProviderTestServer(() => ({ status: 200, body: { token: 'token', channel_id: '', steps: [], transactions: [] } }))
  const funding = testFundingSettings({ coinbase: providers.url, moonpay: providers.url, relay: providers.url }, { cdpKey })
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logs += chunk
      done()
    },
  })
  t = await startTestServer({
    app: {
      funding: {
        ...funding,
        coinbaseOnramp: { ...funding.coinbaseOnramp!, webhookSecret: COINBASE_SECRET },
        moonpay: { ...funding.moonpay!, webhookKey: MOONPAY_KEY },
      },
    },
    overrides: { logger: pino({ level: 'debug' }, sink) },
  })
  user = await signInWithWallets(t, [{ address: wallet, chainType: 'ethereum' }])
})
afterAll(async () => {
  await t?.close()
  await providers?.close()
})

const at = () => Math.floor(t.clock.now() / 1000)
const hmac = (key: string, message: string) => createHmac('sha256', key).update(message).digest('hex')
/** Each funding POST as its caller sends it: the user's token for the routes, a valid signature (or none) for the webhooks. */
const senders: Record<string, (body: string) => ReturnType<TestServer['call']>> = {
  'coinbase init': (body) => t.call('/api/v1/funding/coinbase_on_ramp/init', { rawBody: body, token: user.token }),
  'moonpay sign': (body) => t.call('/api/v1/plugins/moonpay_on_ramp/sign', { rawBody: body, token: user.token }),
  'bridge quote': (body) => t.call('/api/v1/funding/bridge/quote', { rawBody: body, token: user.token }),
  'coinbase webhook, unsigned': (body) => t.call(`/api/v1/funding/webhooks/coinbase/${t.app.id}`, { rawBody: body, appId: null }),
  'coinbase webhook, signed': (body) =>
    t.call(`/api/v1/funding/webhooks/coinbase/${t.app.id}`, {
      rawBody: body,
      appId: null,
      headers: { 'x-hook0-signature': `t=${at()},h=,v1=${hmac(COINBASE_SECRET, `${at()}...${body}`)}` },
    }),
  'moonpay webhook, unsigned': (body) => t.call(`/api/v1/funding/webhooks/moonpay/${t.app.id}`, { rawBody: body, appId: null }),
  'moonpay webhook, signed': (body) =>
    t.call(`/api/v1/funding/webhooks/moonpay/${t.app.id}`, {
      rawBody: body,
      appId: null,
      headers: { 'moonpay-signature-v2': `t=${at()},s=${hmac(MOONPAY_KEY, `${at()}.${body}`)}` },
    }),
}

const nul = '\u0000'
const badBodies: Record<string, string> = {
  'malformed JSON': '{"addresses": ',
  'a JSON array': '[1,2,3]',
  'a JSON string': '"hello"',
  'wrong types': JSON.stringify({
    addresses: { address: 1 },
    assets: 5,
    address: [],
    useSandbox: 'x',
    config: 7,
    tradeType: 1,
    amount: [],
    user: {},
    recipient: 3,
    originChainId: 'a',
    partnerUserRef: 5,
    status: {},
    data: 'x',
    type: [],
  }),
  'NUL strings': JSON.stringify({
    addresses: [{ address: `0x${nul}`, blockchains: [`base${nul}`] }],
    address: `${wallet}${nul}`,
    config: { currencyCode: `ETH${nul}`, email: `a${nul}@b.co` },
    tradeType: 'EXPECTED_OUTPUT',
    amount: `1${nul}`,
    user: wallet,
    recipient: wallet,
    originChainId: 1,
    destinationChainId: 10,
    partnerUserRef: `ref${nul}`,
    status: `ONRAMP_TRANSACTION_STATUS_SUCCESS${nul}`,
    type: 'transaction_updated',
    data: { status: `completed${nul}`, externalTransactionId: `ext${nul}` },
  }),
  'overlong unicode': JSON.stringify({
    address: 'é'.repeat(5000),
    addresses: [{ address: '𝟙'.repeat(4000), blockchains: ['\uD800'.repeat(1000)] }],
    partnerUserRef: 'é'.repeat(5000),
    data: { status: '𝟙'.repeat(4000), externalTransactionId: 'x'.repeat(10_000) },
  }),
  'deep nesting': '['.repeat(50_000) + ']'.repeat(50_000),
  'deep object in a field': JSON.stringify({ address: wallet, config: JSON.parse(`${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`) }),
}

describe('bad input on every funding route gets 4xx, never 5xx', () => {
  for (const [label, body] of Object.entries(badBodies)) {
    it(`handles ${label}`, async () => {
      for (const [route, send] of Object.entries(senders)) {
        const response = await send(body)
        expect(response.status, `${route} with ${label}`).toBeLessThan(500)
        // Valid JSON with a deep object in an unknown field: the sign route drops it, a signed CDP event without a reference is acknowledged.
        if (label === 'deep object in a field') continue
        expect(response.status, `${route} with ${label}`).toBeGreaterThanOrEqual(400)
        expect(response.body).toEqual({ error: expect.any(String), code: expect.any(String) })
      }
    })
  }

  it('refuses a 10 MB body with 413 payload_too_large', async () => {
    const huge = JSON.stringify({ address: wallet, padding: 'x'.repeat(10 * 1024 * 1024) })
    for (const [route, send] of Object.entries(senders)) expect((await send(huge)).status, route).toBe(413)
  })

  it('answers bad queries and path values (NUL, overlong, wrong form) with 4xx', async () => {
    const gets = [
      [`/api/v1/funding/coinbase_on_ramp/status?partnerUserId=a%00b`, user.token],
      [`/api/v1/funding/coinbase_on_ramp/status?partnerUserId=${'é'.repeat(3000)}`, user.token],
      [`/api/v1/funding/bridge/status?request_id=0x%00`, user.token],
      [`/api/v1/funding/bridge/status?hash=${'1'.repeat(5000)}`, user.token],
      [`/api/v1/plugins/moonpay_on_ramp/transactions/ext/a%00b?apiKey=${t.app.id}`, undefined],
      [`/api/v1/plugins/moonpay_on_ramp/transactions/ext/abc?apiKey=a%00b`, undefined],
      [`/api/v1/plugins/moonpay_on_ramp/transactions/ext/${'x'.repeat(5000)}?apiKey=${t.app.id}`, undefined],
    ] as const
    for (const [path, token] of gets) {
      const response = await t.call(path, { ...(token ? { token } : { appId: null }) })
      expect(response.status, path).toBeGreaterThanOrEqual(400)
      expect(response.status, path).toBeLessThan(500)
    }
    // A NUL anywhere in a URL is refused before routing (400 invalid_data); an unknown app is 404.
    expect((await t.call('/api/v1/funding/webhooks/coinbase/a%00b', { body: {}, appId: null })).status).toBe(400)
    expect((await t.call(`/api/v1/funding/webhooks/moonpay/${'x'.repeat(5000)}`, { body: {}, appId: null })).status).toBe(404)
  })
})

describe('provider secrets', () => {
  it('appear in no log line and no answer, across every route', async () => {
    const answers = [
      await t.call('/api/v1/funding/coinbase_on_ramp/init', { body: { addresses: [{ address: wallet, blockchains: ['base'] }] }, token: user.token }),
      await t.call('/api/v1/plugins/moonpay_on_ramp/sign', { body: { address: wallet, config: {} }, token: user.token }),
      await t.call('/api/v1/funding/bridge/quote', {
        body: { tradeType: 'EXPECTED_OUTPUT', amount: '1', user: wallet, recipient: wallet, originChainId: 8453, destinationChainId: 10 },
        token: user.token,
      }),
      await senders['coinbase webhook, signed']!('{"partnerUserRef":"nobody"}'),
      await senders['moonpay webhook, signed']!('{"type":"transaction_updated","data":{"status":"pending"}}'),
    ]
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200])
    const bridgeKey = providers.requests.find((request) => request.headers['x-api-key'])!.headers['x-api-key']
    expect(logs).toContain('"msg":"request"')
    for (const secret of [cdpKey, 'sk_live_tessera_secret', 'relay-secret-key', COINBASE_SECRET, MOONPAY_KEY, bridgeKey as string]) {
      expect(logs).not.toContain(secret)
      expect(JSON.stringify(answers.map((answer) => answer.body))).not.toContain(secret)
    }
  })
})
