import { Writable } from 'node:stream'
import { pino } from 'pino'
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

const INIT = '/api/v1/funding/coinbase_on_ramp/init'
const STATUS = '/api/v1/funding/coinbase_on_ramp/status'
const evmWallet = '0xAbCdEf0123456789aBcDeF0123456789AbCdEf01'
const solanaWallet = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV'
const strangerWallet = '0x9999999999999999999999999999999999999999'
const cdpKey = generateCdpApiKey('ec')
let logs = ''
let answer: (request: ProviderRequest) => ProviderAnswer = () => ({ status: 200, body: { token: 'cb-session-token', channel_id: 'cb-channel' } })
let coinbase: ProviderTestServer
let t: TestServer
let user: FundingTestUser
let other: FundingTestUser
beforeAll(async () => {
  coinbase = await startProviderTestServer((request) => answer(request))
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logs += chunk
      done()
    },
  })
  t = await startTestServer({
    app: { funding: testFundingSettings({ coinbase: coinbase.url, moonpay: 'http://127.0.0.1:9', relay: 'http://127.0.0.1:9' }, { cdpKey: cdpKey.secret }) },
    overrides: { logger: pino({ level: 'debug' }, sink) },
  })
  user = await signInWithWallets(t, [
    { address: evmWallet, chainType: 'ethereum' },
    { address: solanaWallet, chainType: 'solana' },
  ])
  other = await signInWithWallets(t, [{ address: strangerWallet, chainType: 'ethereum' }])
})
afterAll(async () => {
  await t?.close()
  await coinbase?.close()
})

const init = (body: unknown, who: FundingTestUser | null = user) => t.call(INIT, { body, ...(who && { token: who.token }) })
const status = (partnerUserId: string, who: FundingTestUser | null = user) =>
  t.call(`${STATUS}?partnerUserId=${encodeURIComponent(partnerUserId)}`, { ...(who && { token: who.token }) })
const baseInit = { addresses: [{ address: evmWallet, blockchains: ['base'] }], assets: ['ETH'] }

describe('POST /api/v1/funding/coinbase_on_ramp/init', () => {
  it("answers the session for the user's own wallet: app id, Coinbase's token, a fresh partner user id and the hosted page", async () => {
    const response = await init(baseInit)
    expect(response.status).toBe(200)
    expect(response.body).toEqual({
      app_id: 'cdp-project-1',
      session_token: 'cb-session-token',
      channel_id: 'cb-channel',
      partner_user_id: expect.stringMatching(/^[a-z0-9]{32}$/),
      onramp_url: `${coinbase.url}/buy/select-asset`,
    })
    const sent = JSON.parse(coinbase.requests.at(-1)!.body)
    expect(sent).toEqual({ addresses: [{ address: evmWallet, blockchains: ['base'] }], assets: ['ETH'], clientIp: expect.stringMatching(/127\.0\.0\.1$/) })
    const again = await init(baseInit)
    expect(again.body.partner_user_id).not.toBe(response.body.partner_user_id)
  })

  it('compares Ethereum addresses case-insensitively and takes Solana wallets with the solana network', async () => {
    expect((await init({ addresses: [{ address: evmWallet.toLowerCase(), blockchains: ['ethereum', 'base'] }] })).status).toBe(200)
    expect((await init({ addresses: [{ address: solanaWallet, blockchains: ['solana'] }], assets: ['SOL', 'USDC'] })).status).toBe(200)
  })

  it("refuses an address that is not the user's own wallet (another user's, or nobody's) before reaching Coinbase", async () => {
    const before = coinbase.requests.length
    for (const addresses of [
      [{ address: strangerWallet, blockchains: ['base'] }],
      [
        { address: evmWallet, blockchains: ['base'] },
        { address: strangerWallet, blockchains: ['base'] },
      ],
      [{ address: '0x8888888888888888888888888888888888888888', blockchains: ['base'] }],
    ]) {
      const response = await init({ addresses })
      expect(response.status).toBe(403)
      expect(response.body.code).toBe('linked_account_not_found')
    }
    expect(coinbase.requests).toHaveLength(before)
  })

  it('refuses bad input with 400 invalid_data', async () => {
    const bad: unknown[] = [
      {},
      { addresses: [] },
      { addresses: 'x' },
      { addresses: [{ address: evmWallet }] },
      { addresses: [{ address: evmWallet, blockchains: [] }] },
      { addresses: [{ address: evmWallet, blockchains: ['dogecoin'] }] },
      { addresses: [{ address: evmWallet, blockchains: ['solana'] }] },
      { addresses: [{ address: solanaWallet, blockchains: ['base'] }] },
      { addresses: [{ address: '0x1234', blockchains: ['base'] }] },
      { addresses: [{ address: 'x'.repeat(50_000), blockchains: ['base'] }] },
      { addresses: [{ address: 42, blockchains: ['base'] }] },
      { ...baseInit, assets: ['BTC'] },
      { ...baseInit, assets: 'ETH' },
      { addresses: Array(6).fill(baseInit.addresses[0]) },
      [],
    ]
    for (const body of bad) {
      const response = await init(body)
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400)
      expect(response.body.code).toBe('invalid_data')
    }
    const malformed = await t.call(INIT, { rawBody: '{"addresses": [', token: user.token })
    expect(malformed).toMatchObject({ status: 400, body: { code: 'invalid_data' } })
  })

  it('needs the owner session, and answers 403 feature_not_enabled where the app has no Coinbase Onramp', async () => {
    expect((await init(baseInit, null)).status).toBe(401)
    const plain = await t.createApp({ name: 'No funding', allowedOrigins: [] })
    const plainUser = await signInWithWallets(t, [{ address: evmWallet, chainType: 'ethereum' }], plain.id)
    const refused = await t.call(INIT, { body: baseInit, token: plainUser.token, appId: plain.id })
    expect(refused).toMatchObject({ status: 403, body: { code: 'feature_not_enabled', error: 'Coinbase Onramp funding is not enabled for this app' } })
    const moonpayOnly = await t.createApp({ name: 'MoonPay only', funding: { ...t.app.funding!, methods: ['moonpay'] } })
    const moonpayUser = await signInWithWallets(t, [{ address: evmWallet, chainType: 'ethereum' }], moonpayOnly.id)
    expect((await t.call(STATUS, { token: moonpayUser.token, appId: moonpayOnly.id })).body.code).toBe('feature_not_enabled')
  })

  it("answers Coinbase's refusal as 400 and its outage as 503, never 500", async () => {
    answer = () => ({ status: 400, body: { message: 'unsupported network' } })
    expect(await init(baseInit)).toMatchObject({
      status: 400,
      body: { code: 'invalid_data', error: 'Coinbase Onramp refused the session: unsupported network' },
    })
    answer = () => ({ status: 503, text: 'down' })
    expect(await init(baseInit)).toMatchObject({ status: 503, body: { code: 'internal_error' } })
    answer = () => ({ status: 200, body: { token: 'cb-session-token', channel_id: 'cb-channel' } })
  })
})

describe('GET /api/v1/funding/coinbase_on_ramp/status', () => {
  it("answers the user's own purchase from Coinbase's Transaction Status API by its partner user id", async () => {
    const { partner_user_id: ref } = (await init(baseInit)).body
    answer = () => ({ status: 200, body: { transactions: [] } })
    expect(await status(ref)).toMatchObject({ status: 200, body: { status: 'pending' } })
    expect(coinbase.requests.at(-1)!.path).toBe(`/onramp/v1/buy/user/${ref}/transactions`)
    answer = () => ({ status: 200, body: { transactions: [{ status: 'ONRAMP_TRANSACTION_STATUS_SUCCESS' }] } })
    expect((await status(ref)).body).toEqual({ status: 'success' })
    answer = () => ({ status: 200, body: { transactions: [{ status: 'ONRAMP_TRANSACTION_STATUS_FAILED' }] } })
    expect((await status(ref)).body).toEqual({ status: 'failure' })
    answer = () => ({ status: 200, body: { token: 'cb-session-token', channel_id: 'cb-channel' } })
  })

  it("answers 404 for another user's reference or an unknown one, 400 for a malformed one, 401 without a session", async () => {
    const { partner_user_id: ref } = (await init(baseInit)).body
    expect(await status(ref, other)).toMatchObject({ status: 404, body: { code: 'not_found' } })
    expect((await status('a'.repeat(32))).status).toBe(404)
    for (const query of ['', '?partnerUserId=', '?partnerUserId=%00x', `?partnerUserId=${'a'.repeat(101)}`, '?partnerUserId=a/b']) {
      expect((await t.call(`${STATUS}${query}`, { token: user.token })).status, query).toBe(400)
    }
    expect((await status(ref, null)).status).toBe(401)
  })
})

describe('limits and secrets', () => {
  it('rate-limits purchase sessions per user (30 per 10 minutes) with Retry-After', async () => {
    const busy = await signInWithWallets(t, [{ address: '0x7777777777777777777777777777777777777777', chainType: 'ethereum' }])
    const body = { addresses: [{ address: '0x7777777777777777777777777777777777777777', blockchains: ['base'] }] }
    for (let i = 0; i < 30; i++) expect((await init(body, busy)).status).toBe(200)
    const limited = await init(body, busy)
    expect(limited.status).toBe(429)
    expect(limited.body.code).toBe('too_many_requests')
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await init(baseInit)).status).toBe(200)
  })

  it('keeps the CDP key, the JWT and the session token out of the logs, and the key out of every answer', async () => {
    const response = await init(baseInit)
    const jwt = coinbase.requests.at(-1)!.headers.authorization!.slice('Bearer '.length)
    const keyBody = cdpKey.secret.split('\n').find((line) => line.length > 40)!
    expect(logs).toContain('"msg":"request"')
    for (const secret of [keyBody, jwt, 'cb-session-token']) expect(logs).not.toContain(secret)
    expect(JSON.stringify(response.body)).not.toContain(keyBody)
    const config = await t.call(`/api/v1/apps/${t.app.id}`, { appId: null })
    expect(JSON.stringify(config.body)).not.toContain(keyBody)
    expect(JSON.stringify(config.body)).not.toContain('sk_live_tessera_secret')
    expect(JSON.stringify(config.body)).not.toContain('relay-secret-key')
  })
})
