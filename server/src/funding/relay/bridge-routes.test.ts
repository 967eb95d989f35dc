import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../test-support/test-server.js'
import {
  signInWithWallets,
  startProviderTestServer,
  testFundingSettings,
  type FundingTestUser,
  type ProviderAnswer,
  type ProviderRequest,
  type ProviderTestServer,
} from '../test-support/route-testing.js'
import { generateCdpApiKey } from '../test-support/cdp-keys.js'

const QUOTE = '/api/v1/funding/bridge/quote'
const STATUS = '/api/v1/funding/bridge/status'
const wallet = '0x4444444444444444444444444444444444444444'
const payer = '0x3333333333333333333333333333333333333333'
const hash = `0x${'ef'.repeat(32)}`
let requests = 0
const nextRequestId = () => `0x${(++requests).toString(16).padStart(64, '0')}`
let answer: (request: ProviderRequest) => ProviderAnswer
const quoteAnswer = (request: ProviderRequest): ProviderAnswer => {
  const body = JSON.parse(request.body)
  return {
    status: 200,
    body: {
      steps: [
        {
          id: 'deposit',
          kind: 'transaction',
          requestId: nextRequestId(),
          items: [{ status: 'incomplete', data: { from: body.user, to: payer, value: body.amount, chainId: body.originChainId, data: '0x' } }],
        },
      ],
    },
  }
}
let relay: ProviderTestServer
let t: TestServer
let user: FundingTestUser
let other: FundingTestUser
beforeAll(async () => {
  relay = await startProviderTestServer((request) => answer(request))
  const funding = testFundingSettings(
    { coinbase: 'http://127.0.0.1:9', moonpay: 'http://127.0.0.1:9', relay: relay.url },
    { cdpKey: generateCdpApiKey('ec').secret },
  )
  t = await startTestServer({
    app: {
      funding,
      chains: [
        {
          id: 31337,
          name: 'Anvil',
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          rpcUrl: 'http://127.0.0.1:8545',
          blockExplorerUrl: null,
          testnet: true,
          onrampNetwork: 'base',
        },
        {
          id: 8453,
          name: 'Base',
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          rpcUrl: 'https://mainnet.base.org',
          blockExplorerUrl: null,
          testnet: false,
        },
      ],
    },
  })
  user = await signInWithWallets(t, [{ address: wallet, chainType: 'ethereum' }])
  other = await signInWithWallets(t, [{ address: '0x2121212121212121212121212121212121212121', chainType: 'ethereum' }])
})
afterAll(async () => {
  await t?.close()
  await relay?.close()
})

const quoteBody = (overrides: object = {}) => ({
  tradeType: 'EXPECTED_OUTPUT',
  amount: '1000000000000000',
  user: payer,
  recipient: wallet,
  originChainId: 8453,
  destinationChainId: 10,
  ...overrides,
})
const quote = (body: unknown, who: FundingTestUser | null = user) => t.call(QUOTE, { body, ...(who && { token: who.token }) })
const status = (query: string, who: FundingTestUser | null = user) => t.call(`${STATUS}?${query}`, { ...(who && { token: who.token }) })

describe('POST /api/v1/funding/bridge/quote', () => {
  it("passes the bridge's quote through, with the server's key, to the user's own wallet", async () => {
    answer = quoteAnswer
    const response = await quote(quoteBody())
    expect(response.status).toBe(200)
    expect(response.body.steps[0]).toMatchObject({
      id: 'deposit',
      requestId: expect.stringMatching(/^0x/),
      items: [{ data: { from: payer, to: payer, chainId: 8453 } }],
    })
    const sent = relay.requests.at(-1)!
    expect(sent.path).toBe('/main/quote/v3')
    expect(sent.headers['x-api-key']).toBe('relay-secret-key')
    expect(JSON.stringify(response.body)).not.toContain('relay-secret-key')
  })

  it('quotes on the testnets host when a chain is a testnet', async () => {
    answer = quoteAnswer
    expect((await quote(quoteBody({ originChainId: 31337, destinationChainId: 8453 }))).status).toBe(200)
    expect(relay.requests.at(-1)!.path).toBe('/testnets/quote/v3')
  })

  it("answers Relay's 'Invalid address' refusal as the response, its other refusals as 400, its outage as 503", async () => {
    answer = () => ({ status: 400, body: { message: 'Invalid address 0x3333 for chain 10', errorCode: 'INVALID_ADDRESS' } })
    expect(await quote(quoteBody())).toMatchObject({ status: 200, body: { message: 'Invalid address 0x3333 for chain 10', steps: [] } })
    answer = () => ({ status: 400, body: { message: 'No routes found', errorCode: 'NO_SWAP_ROUTES_FOUND' } })
    expect(await quote(quoteBody())).toMatchObject({
      status: 400,
      body: { code: 'invalid_data', error: 'The bridge could not quote this transfer: No routes found' },
    })
    answer = () => ({ status: 502, text: 'bad gateway' })
    expect(await quote(quoteBody())).toMatchObject({ status: 503, body: { code: 'internal_error' } })
  })

  it("refuses a recipient that is not the user's wallet, bad input, a missing session, and an app without bridging", async () => {
    answer = quoteAnswer
    const before = relay.requests.length
    expect(await quote(quoteBody(), other)).toMatchObject({ status: 403, body: { code: 'linked_account_not_found' } })
    const bad: unknown[] = [
      {},
      quoteBody({ tradeType: 'EXACT_INPUT' }),
      quoteBody({ amount: '0' }),
      quoteBody({ amount: '1.5' }),
      quoteBody({ amount: 100 }),
      quoteBody({ amount: '9'.repeat(100) }),
      quoteBody({ user: 'not-an-address' }),
      quoteBody({ recipient: undefined }),
      quoteBody({ originChainId: -1 }),
      quoteBody({ destinationChainId: '10' }),
      quoteBody({ originCurrency: 'x'.repeat(20_000) }),
      quoteBody({ originChainId: 1.5 }),
    ]
    for (const body of bad) expect((await quote(body)).status, JSON.stringify(body).slice(0, 100)).toBe(400)
    expect(relay.requests).toHaveLength(before)
    expect((await quote(quoteBody(), null)).status).toBe(401)
    const noBridging = await t.createApp({ name: 'No bridging', funding: { ...t.app.funding!, crossChainBridgingEnabled: false } })
    const noBridgingUser = await signInWithWallets(t, [{ address: wallet, chainType: 'ethereum' }], noBridging.id)
    expect(await t.call(QUOTE, { body: quoteBody(), token: noBridgingUser.token, appId: noBridging.id })).toMatchObject({
      status: 403,
      body: { code: 'feature_not_enabled' },
    })
  })

  it('rate-limits quotes per user (60 a minute)', async () => {
    answer = quoteAnswer
    const busy = await signInWithWallets(t, [{ address: '0x1313131313131313131313131313131313131313', chainType: 'ethereum' }])
    const body = quoteBody({ recipient: '0x1313131313131313131313131313131313131313' })
    for (let i = 0; i < 60; i++) expect((await quote(body, busy)).status).toBe(200)
    expect(await quote(body, busy)).toMatchObject({ status: 429, body: { code: 'too_many_requests' } })
  })
})

describe('GET /api/v1/funding/bridge/status', () => {
  it("answers the status of the user's own request with the explorer link (the testnets explorer for testnet routes)", async () => {
    answer = quoteAnswer
    const mainnetRequest = (await quote(quoteBody())).body.steps[0].requestId as string
    const testnetRequest = (await quote(quoteBody({ destinationChainId: 31337 }))).body.steps[0].requestId as string
    answer = () => ({ status: 200, body: { status: 'waiting' } })
    expect(await status(`request_id=${mainnetRequest}&hash=${hash}`)).toMatchObject({
      status: 200,
      body: { status: 'waiting', explorer_url: `https://relay.link/transaction/${hash}` },
    })
    expect(relay.requests.at(-1)).toMatchObject({ path: '/main/intents/status/v3' })
    answer = () => ({ status: 200, body: { status: 'submitted' } })
    expect((await status(`request_id=${testnetRequest}`)).body).toEqual({
      status: 'pending',
      explorer_url: `https://testnets.relay.link/transaction/${testnetRequest}`,
    })
    expect(relay.requests.at(-1)).toMatchObject({ path: '/testnets/intents/status/v3' })
  })

  it('finds a request asked by its deposit hash alone, if it is the user’s', async () => {
    answer = quoteAnswer
    const requestId = (await quote(quoteBody())).body.steps[0].requestId as string
    answer = () => ({ status: 200, body: { requests: [{ id: requestId, status: 'refund' }] } })
    expect((await status(`hash=${hash}`)).body).toEqual({ status: 'refund', explorer_url: `https://relay.link/transaction/${hash}` })
    expect(await status(`hash=${hash}`, other)).toMatchObject({ status: 404 })
    answer = () => ({ status: 200, body: { requests: [] } })
    expect(await status(`hash=${hash}`)).toMatchObject({ status: 404, body: { code: 'not_found' } })
  })

  it("answers 404 for another user's request or an unknown one, and 400 for bad queries", async () => {
    answer = quoteAnswer
    const requestId = (await quote(quoteBody())).body.steps[0].requestId as string
    expect(await status(`request_id=${requestId}`, other)).toMatchObject({ status: 404, body: { code: 'not_found' } })
    expect((await status(`request_id=0x${'00'.repeat(32)}`)).status).toBe(404)
    for (const query of ['', 'request_id=', `request_id=${'a'.repeat(201)}`, 'request_id=a%20b', 'hash=0x12', `request_id=${requestId}&hash=nothex!`]) {
      expect((await status(query)).status, query).toBe(400)
    }
    expect((await status(`request_id=${requestId}`, null)).status).toBe(401)
  })
})
