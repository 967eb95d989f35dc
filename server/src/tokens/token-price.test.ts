import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appFileSchema, appInputFromFile } from '../apps/app-file-schema.js'
import { startTestServer, type TestServer } from '../test-support/test-server.js'
import { COINGECKO_CACHE_MS } from './coingecko-prices.js'

const API_KEY_ENV = 'TESSERA_TEST_COINGECKO_KEY'
const API_KEY = 'cg-test-key-123'

/** A local stand-in for CoinGecko's `GET /api/v3/simple/price`, checking the demo API key header. */
interface CoinGeckoStandIn {
  url: string
  requests: string[]
  failing: boolean
  close(): Promise<void>
}
async function startCoinGeckoStandIn(prices: Record<string, number>): Promise<CoinGeckoStandIn> {
  const standIn: CoinGeckoStandIn = { url: '', requests: [], failing: false, close: async () => {} }
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in')
    standIn.requests.push(url.pathname + url.search)
    const send = (status: number, body: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
    if (standIn.failing) return send(500, { error: 'internal' })
    if (request.headers['x-cg-demo-api-key'] !== API_KEY) return send(401, { status: { error_code: 10002, error_message: 'API key missing' } })
    if (url.pathname !== '/api/v3/simple/price' || url.searchParams.get('vs_currencies') !== 'usd') return send(404, { error: 'not found' })
    const ids = (url.searchParams.get('ids') ?? '').split(',')
    send(200, Object.fromEntries(ids.filter((id) => prices[id] !== undefined).map((id) => [id, { usd: prices[id] }])))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  standIn.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v3`
  standIn.close = () => new Promise((resolve) => server.close(() => resolve()))
  return standIn
}

let t: TestServer
let coingecko: CoinGeckoStandIn

beforeAll(async () => {
  process.env[API_KEY_ENV] = API_KEY
  coingecko = await startCoinGeckoStandIn({ ethereum: 3456.78, solana: 151.5, 'usd-coin': 0.9998 })
  t = await startTestServer({ app: { tokenPrices: { '31337:ETH': 3000, '0:SOL': 150 } } })
})
afterAll(async () => {
  await t?.close()
  await coingecko?.close()
  delete process.env[API_KEY_ENV]
})

const price = (chainId: string, symbol: string, appId?: string) =>
  t.call(`/api/v1/token_price?chainId=${chainId}&tokenSymbol=${symbol}`, { ...(appId && { appId }) })

describe('GET /api/v1/token_price', () => {
  it("answers from the app's fixed prices, whatever the symbol's case", async () => {
    expect(await price('31337', 'ETH')).toMatchObject({ status: 200, body: { usd: 3000 } })
    expect((await price('31337', 'eth')).body).toEqual({ usd: 3000 })
    expect((await price('0', 'SOL')).body).toEqual({ usd: 150 })
  })

  it('answers 404 not_found for a price it does not know', async () => {
    const response = await price('1', 'ETH')
    expect(response.status).toBe(404)
    expect(response.body).toEqual({ code: 'not_found', error: 'No USD price for ETH on chain 1' })
  })

  it('refuses malformed queries with 400 invalid_data', async () => {
    for (const path of ['/api/v1/token_price?chainId=x&tokenSymbol=ETH', '/api/v1/token_price?chainId=1', '/api/v1/token_price?chainId=1&tokenSymbol=E%20TH']) {
      const response = await t.call(path)
      expect(response.status, path).toBe(400)
      expect(response.body.code).toBe('invalid_data')
    }
  })

  it('asks CoinGecko for what the fixed table lacks, with the API key, and caches the answer', async () => {
    const app = await t.createApp({ allowedOrigins: [], tokenPrices: { '8453:ETH': 2000 }, coingecko: { apiUrl: coingecko.url, apiKeyEnv: API_KEY_ENV } })
    coingecko.requests.length = 0
    expect((await price('8453', 'ETH', app.id)).body).toEqual({ usd: 2000 })
    expect(coingecko.requests).toEqual([])
    expect((await price('1', 'ETH', app.id)).body).toEqual({ usd: 3456.78 })
    expect((await price('0', 'SOL', app.id)).body).toEqual({ usd: 151.5 })
    expect((await price('137', 'usdc', app.id)).body).toEqual({ usd: 0.9998 })
    expect(coingecko.requests).toEqual([
      '/api/v3/simple/price?ids=ethereum&vs_currencies=usd',
      '/api/v3/simple/price?ids=solana&vs_currencies=usd',
      '/api/v3/simple/price?ids=usd-coin&vs_currencies=usd',
    ])
    // Cached: the same coin again costs no request, until the cache time has passed.
    expect((await price('10', 'ETH', app.id)).body).toEqual({ usd: 3456.78 })
    expect(coingecko.requests).toHaveLength(3)
    t.clock.advance(COINGECKO_CACHE_MS / 1000 + 1)
    expect((await price('10', 'ETH', app.id)).body).toEqual({ usd: 3456.78 })
    expect(coingecko.requests).toHaveLength(4)
  })

  it('answers 404 when CoinGecko has no id for the symbol, has no price, or fails', async () => {
    const app = await t.createApp({ allowedOrigins: [], coingecko: { apiUrl: coingecko.url, apiKeyEnv: API_KEY_ENV } })
    coingecko.requests.length = 0
    expect((await price('1', 'SHIB', app.id)).status).toBe(404)
    expect(coingecko.requests).toEqual([]) // no id mapped: not asked
    expect((await price('43114', 'AVAX', app.id)).status).toBe(404) // the stand-in has no avalanche-2 price
    coingecko.failing = true
    try {
      t.clock.advance(COINGECKO_CACHE_MS / 1000 + 1)
      const response = await price('1', 'ETH', app.id)
      expect(response.status).toBe(404)
      expect(response.body.code).toBe('not_found')
    } finally {
      coingecko.failing = false
    }
  })

  it('reads token_prices and coingecko from the app file', () => {
    const file = appFileSchema.parse({
      id: 'a'.repeat(25),
      token_prices: { '31337:eth': 3000, '1:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48': 1 },
      coingecko: { api_key_env: API_KEY_ENV },
      solana_tokens: [{ mint: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', symbol: 'USDC' }],
      transaction_scanning: { deny_list: ['0x000000000000000000000000000000000000dEaD'] },
    })
    const input = appInputFromFile(file, { env: {}, baseDir: '.' })
    expect(input.tokenPrices).toEqual({ '31337:ETH': 3000, '1:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48': 1 })
    expect(input.coingecko).toEqual({ apiUrl: 'https://api.coingecko.com/api/v3', apiKeyEnv: API_KEY_ENV })
    expect(input.solanaTokens).toEqual([{ mint: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', symbol: 'USDC' }])
    expect(input.transactionScanning).toEqual({ enabled: true, denyList: ['0x000000000000000000000000000000000000dead'], trustedSpenders: [] })
    expect(appFileSchema.safeParse({ id: 'a'.repeat(25), token_prices: { ETH: 3000 } }).success).toBe(false)
  })
})
