import { createHmac, randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppRecord } from '../../apps/types.js'
import { startTestServer, TEST_ORIGIN, type TestServer } from '../../test-support/test-server.js'
import {
  signInWithWallets,
  startProviderTestServer,
  testFundingSettings,
  type FundingTestUser,
  type ProviderTestServer,
} from '../test-support/route-testing.js'
import { generateCdpApiKey } from '../test-support/cdp-keys.js'

const COINBASE_SECRET = 'cdp-webhook-subscription-secret'
const MOONPAY_KEY = 'wk_live_moonpay_webhook_key'
const wallet = '0x4545454545454545454545454545454545454545'
let coinbase: ProviderTestServer
let t: TestServer
let app: AppRecord
let user: FundingTestUser
beforeAll(async () => {
  coinbase = await startProviderTestServer(() => ({ status: 200, body: { token: 'cb-token', channel_id: '' } }))
  const funding = testFundingSettings(
    { coinbase: coinbase.url, moonpay: 'http://moonpay.test', relay: 'http://127.0.0.1:9' },
    { cdpKey: generateCdpApiKey('ed25519').secret },
  )
  t = await startTestServer()
  app = await t.createApp({
    name: 'Webhooks',
    allowedOrigins: [TEST_ORIGIN],
    funding: {
      ...funding,
      coinbaseOnramp: { ...funding.coinbaseOnramp!, webhookSecret: COINBASE_SECRET },
      moonpay: { ...funding.moonpay!, webhookKey: MOONPAY_KEY },
    },
  })
  user = await signInWithWallets(t, [{ address: wallet, chainType: 'ethereum' }], app.id)
})
afterAll(async () => {
  await t?.close()
  await coinbase?.close()
})

/** The same string with its last character changed (never to itself, so the tamper always alters the body). */
const otherLastCharacter = (text: string) => `${text.slice(0, -1)}${text.endsWith('x') ? 'y' : 'x'}`
const nowSeconds = () => Math.floor(t.clock.now() / 1000)
const hmacHex = (key: string, message: string) => createHmac('sha256', key).update(message).digest('hex')
const storedEvents = async (provider: string) =>
  (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM funding_webhook_events WHERE app_id = $1 AND provider = $2', [app.id, provider]))[0]!.n

interface DeliveryOptions {
  secret?: string
  at?: number
  eventId?: string
  tamper?: (raw: string) => string
  appId?: string
  reformat?: (raw: string) => string
  idHeader?: 'x-event-id' | 'x-hook0-id'
}

/** A CDP webhook as Hook0 signs it: v1 over the time, the event id and type headers, and the body. */
function deliverCoinbase(event: object, options: DeliveryOptions = {}) {
  const raw = (options.reformat ?? ((json: string) => json))(JSON.stringify(event))
  const at = options.at ?? nowSeconds()
  const eventId = options.eventId ?? randomUUID()
  const idHeader = options.idHeader ?? 'x-event-id'
  const eventType = (event as { eventType?: string }).eventType ?? 'onramp.transaction.updated'
  const v1 = hmacHex(options.secret ?? COINBASE_SECRET, `${at}.${idHeader} x-event-type.${eventId}.${eventType}.${raw}`)
  return t.call(`/api/v1/funding/webhooks/coinbase/${options.appId ?? app.id}`, {
    rawBody: options.tamper ? options.tamper(raw) : raw,
    appId: null,
    headers: { 'x-hook0-signature': `t=${at},h=${idHeader} x-event-type,v1=${v1}`, [idHeader]: eventId, 'x-event-type': eventType },
  })
}

function deliverMoonpay(event: object, options: { key?: string; at?: number; tamper?: (raw: string) => string; raw?: string } = {}) {
  const raw = options.raw ?? JSON.stringify(event)
  const at = options.at ?? nowSeconds()
  return t.call(`/api/v1/funding/webhooks/moonpay/${app.id}`, {
    rawBody: options.tamper ? options.tamper(raw) : raw,
    appId: null,
    headers: { 'moonpay-signature-v2': `t=${at},s=${hmacHex(options.key ?? MOONPAY_KEY, `${at}.${raw}`)}` },
  })
}

const newPurchase = async () =>
  (
    await t.call('/api/v1/funding/coinbase_on_ramp/init', {
      body: { addresses: [{ address: wallet, blockchains: ['base'] }] },
      token: user.token,
      appId: app.id,
    })
  ).body.partner_user_id as string
const purchaseStatus = async (ref: string) =>
  (await t.call(`/api/v1/funding/coinbase_on_ramp/status?partnerUserId=${ref}`, { token: user.token, appId: app.id })).body.status
const onramp = (ref: string, status: string, times: { createdAt?: string; completedAt?: string } = {}) => ({
  eventType:
    status === 'ONRAMP_TRANSACTION_STATUS_SUCCESS'
      ? 'onramp.transaction.success'
      : status === 'ONRAMP_TRANSACTION_STATUS_FAILED'
        ? 'onramp.transaction.failed'
        : 'onramp.transaction.updated',
  transactionId: randomUUID(),
  status,
  partnerUserRef: ref,
  walletAddress: wallet,
  createdAt: '2026-11-27T10:00:00Z',
  completedAt: '0001-01-01T00:00:00Z',
  ...times,
})

describe('POST /api/v1/funding/webhooks/coinbase/:app_id', () => {
  it('stores a valid delivery, and the status then comes from the webhooks (no call to Coinbase)', async () => {
    const ref = await newPurchase()
    const calls = coinbase.requests.length
    expect(await purchaseStatus(ref)).toBe('pending')
    expect(await deliverCoinbase(onramp(ref, 'ONRAMP_TRANSACTION_STATUS_IN_PROGRESS'))).toMatchObject({ status: 200, body: { received: true } })
    expect(await purchaseStatus(ref)).toBe('pending')
    expect((await deliverCoinbase(onramp(ref, 'ONRAMP_TRANSACTION_STATUS_SUCCESS', { completedAt: '2026-11-27T10:05:00Z' }))).status).toBe(200)
    expect(await purchaseStatus(ref)).toBe('success')
    expect(coinbase.requests).toHaveLength(calls)
  })

  it('refuses a tampered body, a wrong secret, a replayed (old) delivery and a missing signature, storing nothing', async () => {
    const ref = await newPurchase()
    const before = await storedEvents('coinbase')
    const success = onramp(ref, 'ONRAMP_TRANSACTION_STATUS_SUCCESS', { completedAt: '2026-11-27T10:05:00Z' })
    expect(await deliverCoinbase(success, { tamper: (raw) => raw.replace(ref, otherLastCharacter(ref)) })).toMatchObject({
      status: 401,
      body: { code: 'invalid_credentials' },
    })
    expect((await deliverCoinbase(success, { secret: 'wrong-secret' })).status).toBe(401)
    expect(await deliverCoinbase(success, { at: nowSeconds() - 600 })).toMatchObject({ status: 401, body: { error: 'Webhook signature expired' } })
    const missing = await t.call(`/api/v1/funding/webhooks/coinbase/${app.id}`, { rawBody: JSON.stringify(success), appId: null })
    expect(missing).toMatchObject({ status: 400, body: { code: 'invalid_data' } })
    expect(await storedEvents('coinbase')).toBe(before)
    expect(await purchaseStatus(ref)).toBe('pending')
  })

  it('refuses a captured delivery replayed later, once it is older than five minutes', async () => {
    const ref = await newPurchase()
    const at = nowSeconds()
    const event = onramp(ref, 'ONRAMP_TRANSACTION_STATUS_FAILED', { completedAt: '2026-11-27T10:05:00Z' })
    expect((await deliverCoinbase(event, { at, eventId: 'evt-replayed' })).status).toBe(200)
    t.clock.advance(301)
    expect((await deliverCoinbase(event, { at, eventId: 'evt-replayed' })).status).toBe(401)
  })

  it('stores a duplicate delivery once (a 2xx no-op), known by its signed event id', async () => {
    const ref = await newPurchase()
    const before = await storedEvents('coinbase')
    const event = onramp(ref, 'ONRAMP_TRANSACTION_STATUS_IN_PROGRESS')
    for (let i = 0; i < 3; i++) expect((await deliverCoinbase(event, { eventId: 'evt-duplicate' })).status).toBe(200)
    expect(await storedEvents('coinbase')).toBe(before + 1)
    // The same event id under CDP's own header, the body formatted differently each time: still one event.
    const indented = (spaces: number) => (raw: string) => JSON.stringify(JSON.parse(raw), null, spaces)
    expect((await deliverCoinbase(event, { eventId: 'evt-hook0', reformat: indented(1), idHeader: 'x-hook0-id' })).status).toBe(200)
    expect((await deliverCoinbase(event, { eventId: 'evt-hook0', reformat: indented(2), idHeader: 'x-hook0-id' })).status).toBe(200)
    expect(await storedEvents('coinbase')).toBe(before + 2)
  })

  it('applies deliveries in any order: a completed purchase never goes back to pending; among final ones the later wins', async () => {
    const ref = await newPurchase()
    await deliverCoinbase(onramp(ref, 'ONRAMP_TRANSACTION_STATUS_SUCCESS', { completedAt: '2026-11-27T10:05:00Z' }))
    await deliverCoinbase(onramp(ref, 'ONRAMP_TRANSACTION_STATUS_CREATED'))
    await deliverCoinbase(onramp(ref, 'ONRAMP_TRANSACTION_STATUS_IN_PROGRESS'))
    expect(await purchaseStatus(ref)).toBe('success')
    const retried = await newPurchase()
    await deliverCoinbase(onramp(retried, 'ONRAMP_TRANSACTION_STATUS_SUCCESS', { completedAt: '2026-11-27T11:00:00Z' }))
    await deliverCoinbase(onramp(retried, 'ONRAMP_TRANSACTION_STATUS_FAILED', { completedAt: '2026-11-27T10:30:00Z' }))
    expect(await purchaseStatus(retried)).toBe('success')
  })

  it('acknowledges events about purchases this server did not start without storing them, and refuses unknown apps, apps without webhooks and bad JSON', async () => {
    const before = await storedEvents('coinbase')
    expect((await deliverCoinbase(onramp('someone-elses-ref', 'ONRAMP_TRANSACTION_STATUS_SUCCESS'))).status).toBe(200)
    expect((await deliverCoinbase({ eventType: 'onramp.transaction.created', status: 'ONRAMP_TRANSACTION_STATUS_CREATED' })).status).toBe(200)
    expect(await storedEvents('coinbase')).toBe(before)
    expect((await deliverCoinbase(onramp('x', 'ONRAMP_TRANSACTION_STATUS_SUCCESS'), { appId: 'unknown-app-0000000000000' })).status).toBe(404)
    expect((await deliverCoinbase(onramp('x', 'ONRAMP_TRANSACTION_STATUS_SUCCESS'), { appId: t.app.id })).body.code).toBe('feature_not_enabled')
    const at = nowSeconds()
    const raw = '{"eventType":'
    const notJson = await t.call(`/api/v1/funding/webhooks/coinbase/${app.id}`, {
      rawBody: raw,
      appId: null,
      headers: { 'x-hook0-signature': `t=${at},v1=${hmacHex(COINBASE_SECRET, `${at}...${raw}`)}` },
    })
    expect(notJson).toMatchObject({ status: 400, body: { code: 'invalid_data', error: 'Webhook body is not valid JSON' } })
  })
})

describe('POST /api/v1/funding/webhooks/moonpay/:app_id and the status copy', () => {
  const newPurchase = async () => {
    const signed = await t.call('/api/v1/plugins/moonpay_on_ramp/sign', { body: { address: wallet, config: {} }, token: user.token, appId: app.id })
    return signed.body as { externalTransactionId: string; statusUrl: string }
  }
  const transaction = (externalTransactionId: string, status: string, updatedAt: string) => ({
    type: status === 'failed' ? 'transaction_failed' : 'transaction_updated',
    data: {
      id: `mp-${externalTransactionId.slice(0, 6)}`,
      status,
      externalTransactionId,
      paymentMethod: 'credit_debit_card',
      cardPaymentType: 'credit',
      currency: { code: 'eth', id: 'c-1' },
      baseCurrencyAmount: 20,
      quoteCurrencyAmount: 0.006,
      feeAmount: 1.5,
      extraFeeAmount: 0.2,
      networkFeeAmount: 0.1,
      walletAddress: wallet,
      createdAt: '2026-11-27T10:00:00.000Z',
      updatedAt,
      customerId: 'cust-1',
    },
    externalCustomerId: null,
  })
  const statusCopy = (statusUrl: string, origin?: string) => fetch(statusUrl, { headers: origin ? { origin } : {} })

  it("answers 404 until a webhook arrived, then the latest transaction in MoonPay's list shape, to a plain cross-origin GET", async () => {
    const { externalTransactionId: id, statusUrl } = await newPurchase()
    expect((await statusCopy(statusUrl)).status).toBe(404)
    expect((await deliverMoonpay(transaction(id, 'waitingPayment', '2026-11-27T10:00:01.000Z'))).status).toBe(200)
    expect((await deliverMoonpay(transaction(id, 'completed', '2026-11-27T10:03:00.000Z'))).status).toBe(200)
    expect((await deliverMoonpay(transaction(id, 'pending', '2026-11-27T10:02:00.000Z'))).status).toBe(200)
    const response = await statusCopy(statusUrl, TEST_ORIGIN)
    expect(response.status).toBe(200)
    expect(response.headers.get('access-control-allow-origin')).toBe(TEST_ORIGIN)
    expect(await response.json()).toEqual([
      {
        id: `mp-${id.slice(0, 6)}`,
        status: 'completed',
        externalTransactionId: id,
        paymentMethod: 'credit_debit_card',
        cardPaymentType: 'credit',
        currency: { code: 'eth' },
        baseCurrencyAmount: 20,
        quoteCurrencyAmount: 0.006,
        feeAmount: 1.5,
        extraFeeAmount: 0.2,
        networkFeeAmount: 0.1,
        walletAddress: wallet,
      },
    ])
  })

  it('later events win among pending ones, and a duplicate delivery is stored once', async () => {
    const { externalTransactionId: id, statusUrl } = await newPurchase()
    const before = await storedEvents('moonpay')
    const waiting = transaction(id, 'waitingAuthorization', '2026-11-27T10:02:00.000Z')
    await deliverMoonpay(waiting)
    await deliverMoonpay(waiting)
    await deliverMoonpay(transaction(id, 'pending', '2026-11-27T10:01:00.000Z'))
    expect(await storedEvents('moonpay')).toBe(before + 2)
    expect((await (await statusCopy(statusUrl)).json())[0].status).toBe('waitingAuthorization')
  })

  it('refuses a tampered body, a wrong key, a replay and a missing signature, storing nothing', async () => {
    const { externalTransactionId: id, statusUrl } = await newPurchase()
    const before = await storedEvents('moonpay')
    const completed = transaction(id, 'completed', '2026-11-27T10:03:00.000Z')
    expect((await deliverMoonpay(completed, { tamper: (raw) => raw.replace('"baseCurrencyAmount":20', '"baseCurrencyAmount":2') })).status).toBe(401)
    expect((await deliverMoonpay(completed, { key: 'wk_other' })).status).toBe(401)
    expect((await deliverMoonpay(completed, { at: nowSeconds() - 3600 })).status).toBe(401)
    expect((await t.call(`/api/v1/funding/webhooks/moonpay/${app.id}`, { rawBody: JSON.stringify(completed), appId: null })).status).toBe(400)
    expect((await deliverMoonpay({}, { raw: '{"type":"transaction_updated","data":{"status":7}}' })).status).toBe(400)
    expect(await storedEvents('moonpay')).toBe(before)
    expect((await statusCopy(statusUrl)).status).toBe(404)
  })

  it("answers 404 for another app's key, an unknown transaction or an app without MoonPay webhooks", async () => {
    const { externalTransactionId: id } = await newPurchase()
    await deliverMoonpay(transaction(id, 'completed', '2026-11-27T10:03:00.000Z'))
    const path = `${t.url}/api/v1/plugins/moonpay_on_ramp/transactions/ext`
    expect((await statusCopy(`${path}/${id}?apiKey=${app.id}`)).status).toBe(200)
    expect((await statusCopy(`${path}/${id}?apiKey=${t.app.id}`)).status).toBe(404)
    expect((await statusCopy(`${path}/${'z'.repeat(32)}?apiKey=${app.id}`)).status).toBe(404)
    expect((await statusCopy(`${path}/${id}`)).status).toBe(400)
    expect((await statusCopy(`${path}/${id}?apiKey=${'x'.repeat(500)}`)).status).toBe(400)
  })
})
