import { generateKeyPairSync } from 'node:crypto'
import { jwtVerify, type KeyObject } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CoinbaseOnrampSettings } from '../../apps/types.js'
import { startProviderTestServer, type ProviderAnswer, type ProviderRequest, type ProviderTestServer } from '../test-support/route-testing.js'
import { generateCdpApiKey } from '../test-support/cdp-keys.js'
import { cdpSigningKey } from './cdp-key.js'
import { createSessionToken, hostedPageUrl } from './create-session-token.js'
import { fetchPurchaseStatus } from './fetch-purchase-status.js'
import { statusOfPurchases } from './purchase-status.js'

const KEY_NAME = 'organizations/org-1/apiKeys/key-1'
const address = '0x1111111111111111111111111111111111111111'
let answer: (request: ProviderRequest) => ProviderAnswer
let coinbase: ProviderTestServer
beforeAll(async () => {
  coinbase = await startProviderTestServer((request) => answer(request))
})
afterAll(async () => {
  await coinbase?.close()
})

const settingsWith = (secret: string, apiUrl = `${coinbase.url}/onramp`): CoinbaseOnrampSettings => ({
  projectId: 'project-1',
  apiKeyName: KEY_NAME,
  apiKeySecret: secret,
  apiUrl,
  payUrl: 'https://pay.coinbase.com',
  sandbox: false,
  webhookSecret: null,
})

/** Verifies the CDP JWT the way CDP does: signature with the key's public half, issuer, audience, subject, time window, request. */
async function verifyCdpJwt(request: ProviderRequest, publicKey: KeyObject, expectedUri: string) {
  const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1]
  expect(token).toBeTruthy()
  const { payload, protectedHeader } = await jwtVerify(token!, publicKey, { issuer: 'cdp', audience: 'cdp_service', subject: KEY_NAME })
  expect(protectedHeader).toMatchObject({ kid: KEY_NAME, typ: 'JWT' })
  expect(protectedHeader.nonce).toMatch(/^[0-9a-f]{32}$/)
  expect(payload.exp! - payload.nbf!).toBe(120)
  expect(Math.abs(payload.nbf! - Date.now() / 1000)).toBeLessThan(5)
  expect(payload.uris).toEqual([expectedUri])
  expect(payload.uri).toBe(expectedUri)
  return protectedHeader
}

describe('Coinbase Onramp session token (POST {api_url}/v1/token)', () => {
  for (const kind of ['ec', 'ed25519'] as const) {
    it(`authenticates with a CDP JWT signed by the ${kind} key and sends the addresses, assets and client IP`, async () => {
      const { secret, publicKey } = generateCdpApiKey(kind)
      const host = new URL(coinbase.url).host
      answer = () => ({ status: 200, body: { token: 'session-token-1', channel_id: 'channel-1' } })
      const session = await createSessionToken(
        settingsWith(secret),
        { addresses: [{ address, blockchains: ['base'] }], assets: ['ETH'], clientIp: '203.0.113.7' },
        Date.now(),
      )
      expect(session).toEqual({ token: 'session-token-1', channelId: 'channel-1' })
      const request = coinbase.requests.at(-1)!
      expect(request).toMatchObject({ method: 'POST', path: '/onramp/v1/token' })
      const header = await verifyCdpJwt(request, publicKey, `POST ${host}/onramp/v1/token`)
      expect(header.alg).toBe(kind === 'ec' ? 'ES256' : 'EdDSA')
      expect(JSON.parse(request.body)).toEqual({ addresses: [{ address, blockchains: ['base'] }], assets: ['ETH'], clientIp: '203.0.113.7' })
    })
  }

  it("answers Coinbase's refusal of the request as 400 with its reason, and a refused key or failure as 503", async () => {
    const { secret } = generateCdpApiKey('ec')
    const request = { addresses: [{ address, blockchains: ['base'] }], clientIp: '203.0.113.7' }
    answer = () => ({ status: 400, body: { code: 'INVALID_ARGUMENT', message: 'blockchain base not supported for this address' } })
    await expect(createSessionToken(settingsWith(secret), request, Date.now())).rejects.toMatchObject({
      status: 400,
      code: 'invalid_data',
      message: 'Coinbase Onramp refused the session: blockchain base not supported for this address',
    })
    answer = () => ({ status: 401, body: { message: 'Unauthorized' } })
    await expect(createSessionToken(settingsWith(secret), request, Date.now())).rejects.toMatchObject({
      status: 503,
      message: 'Coinbase Onramp could not be reached (HTTP 401), try again later',
    })
    answer = () => ({ status: 502, text: '<html>bad gateway</html>' })
    await expect(createSessionToken(settingsWith(secret), request, Date.now())).rejects.toMatchObject({ status: 503 })
    answer = () => ({ status: 200, body: { channel_id: 'no token' } })
    await expect(createSessionToken(settingsWith(secret), request, Date.now())).rejects.toMatchObject({ status: 503 })
    await expect(createSessionToken(settingsWith(secret, 'http://127.0.0.1:9/onramp'), request, Date.now())).rejects.toMatchObject({
      status: 503,
      message: 'Coinbase Onramp could not be reached, try again later',
    })
  })

  it('refuses to call Coinbase with a key that is not a CDP key', async () => {
    const before = coinbase.requests.length
    await expect(createSessionToken(settingsWith('not a key'), { addresses: [], clientIp: '203.0.113.7' }, Date.now())).rejects.toMatchObject({
      status: 503,
      message: 'Coinbase Onramp is misconfigured for this app',
    })
    expect(coinbase.requests).toHaveLength(before)
  })

  it("names the hosted page: Coinbase's buy page, or the sandbox host's root page", () => {
    const settings = settingsWith('x')
    expect(hostedPageUrl(settings)).toBe('https://pay.coinbase.com/buy/select-asset')
    expect(hostedPageUrl({ ...settings, payUrl: 'https://pay-sandbox.coinbase.com', sandbox: true })).toBe('https://pay-sandbox.coinbase.com/')
  })
})

describe('Coinbase Onramp purchase status (GET {api_url}/v1/buy/user/{ref}/transactions)', () => {
  it('reads the purchases under the partner user reference with a CDP JWT for that path', async () => {
    const { secret, publicKey } = generateCdpApiKey('ed25519')
    answer = () => ({
      status: 200,
      body: {
        transactions: [{ status: 'ONRAMP_TRANSACTION_STATUS_IN_PROGRESS' }, { status: 'ONRAMP_TRANSACTION_STATUS_SUCCESS' }],
        next_page_key: '',
        total_count: '2',
      },
    })
    expect(await fetchPurchaseStatus(settingsWith(secret), 'ref-1', Date.now())).toBe('success')
    const request = coinbase.requests.at(-1)!
    expect(request).toMatchObject({ method: 'GET', path: '/onramp/v1/buy/user/ref-1/transactions' })
    expect(request.query.get('pageSize')).toBe('25')
    await verifyCdpJwt(request, publicKey, `GET ${new URL(coinbase.url).host}/onramp/v1/buy/user/ref-1/transactions`)
  })

  it('maps the statuses: any success funded; else the newest failure is a failure; else pending', () => {
    expect(statusOfPurchases([])).toBe('pending')
    expect(statusOfPurchases(['ONRAMP_TRANSACTION_STATUS_CREATED'])).toBe('pending')
    expect(statusOfPurchases(['ONRAMP_TRANSACTION_STATUS_FAILED', 'ONRAMP_TRANSACTION_STATUS_IN_PROGRESS'])).toBe('failure')
    expect(statusOfPurchases(['ONRAMP_TRANSACTION_STATUS_IN_PROGRESS', 'ONRAMP_TRANSACTION_STATUS_FAILED'])).toBe('pending')
    expect(statusOfPurchases(['ONRAMP_TRANSACTION_STATUS_FAILED', 'ONRAMP_TRANSACTION_STATUS_SUCCESS'])).toBe('success')
  })

  it('answers 503 when Coinbase fails or answers something else', async () => {
    const { secret } = generateCdpApiKey('ec')
    answer = () => ({ status: 500, body: { message: 'internal' } })
    await expect(fetchPurchaseStatus(settingsWith(secret), 'ref-1', Date.now())).rejects.toMatchObject({ status: 503 })
    answer = () => ({ status: 200, body: { items: [] } })
    await expect(fetchPurchaseStatus(settingsWith(secret), 'ref-1', Date.now())).rejects.toMatchObject({ status: 503 })
  })
})

describe('CDP key parsing', () => {
  it('takes EC P-256 keys in SEC1 or PKCS #8 PEM (line breaks escaped or not) and base64 Ed25519 seed-and-public keys', () => {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    const pkcs8 = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString()
    expect(cdpSigningKey(pkcs8)?.algorithm).toBe('ES256')
    expect(cdpSigningKey(pkcs8.replace(/\n/g, '\\n'))?.algorithm).toBe('ES256')
    expect(cdpSigningKey(generateCdpApiKey('ec').secret)?.algorithm).toBe('ES256')
    expect(cdpSigningKey(generateCdpApiKey('ed25519').secret)?.algorithm).toBe('EdDSA')
  })

  it('refuses other curves, an Ed25519 key whose public half does not match its seed, and anything else', () => {
    const p384 = generateKeyPairSync('ec', { namedCurve: 'P-384' }).privateKey.export({ format: 'pem', type: 'sec1' }).toString()
    expect(cdpSigningKey(p384)).toBeNull()
    const ed = Buffer.from(generateCdpApiKey('ed25519').secret, 'base64')
    const otherPublic = Buffer.from(generateCdpApiKey('ed25519').secret, 'base64').subarray(32)
    expect(cdpSigningKey(Buffer.concat([ed.subarray(0, 32), otherPublic]).toString('base64'))).toBeNull()
    expect(cdpSigningKey(ed.subarray(0, 32).toString('base64'))).toBeNull()
    expect(cdpSigningKey('-----BEGIN EC PRIVATE KEY-----\nAAAA\n-----END EC PRIVATE KEY-----')).toBeNull()
    expect(cdpSigningKey('not a key at all!')).toBeNull()
  })
})
