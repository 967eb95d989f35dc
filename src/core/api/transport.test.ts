import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { routes } from '../../protocol/route-table.js'
import { TesseraError } from '../errors/base-error.js'
import { startFakeApi, type FakeApi } from '../test-support/api-server.js'
import { TEST_APP_ID } from '../test-support/fixtures.js'
import { clientTag } from '../version.js'
import { sendAnalyticsEvent } from './analytics.js'
import { createTransport, retryDelay, type TransportOptions } from './transport.js'

let api: FakeApi
beforeEach(async () => {
  api = await startFakeApi()
})
afterEach(() => api.close())

const delays: number[] = []
const transportFor = (options: Partial<TransportOptions> = {}) =>
  createTransport({
    apiUrl: api.url,
    appId: TEST_APP_ID,
    getAnalyticsId: async () => 'caid-1',
    // Records the backoff schedule and waits 1 ms instead, so tests stay fast.
    retryDelay: (n) => {
      delays.push(retryDelay(n))
      return 1
    },
    ...options,
  })

async function rejection(promise: Promise<unknown>): Promise<TesseraError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(TesseraError.is(error)).toBe(true)
  return error as TesseraError
}

describe('createTransport', () => {
  beforeEach(() => void delays.splice(0))

  it('sends the app, client, version and analytics headers, JSON and the bearer token', async () => {
    api.handle(() => ({ body: { ok: 1 } }))
    const transport = transportFor({ clientId: 'client-1', getAccessToken: async () => 'token-1' })
    const result = await transport.request(routes.passwordlessInit, { body: { email: 'a@b.co' }, auth: true })
    expect(result).toEqual({ ok: 1 })
    const [request] = api.requests
    expect(request!.method).toBe('POST')
    expect(request!.path).toBe('/api/v1/passwordless/init')
    expect(request!.body).toEqual({ email: 'a@b.co' })
    expect(request!.headers).toMatchObject({
      'privy-app-id': TEST_APP_ID,
      'privy-client-id': 'client-1',
      'privy-client': clientTag,
      'privy-ca-id': 'caid-1',
      authorization: 'Bearer token-1',
      'content-type': 'application/json',
      accept: 'application/json',
    })
    expect(clientTag).toMatch(/^tessera:\d+\.\d+\.\d+/)
  })

  it('omits the client id and the bearer token when there is none', async () => {
    await transportFor({ getAccessToken: async () => null }).request(routes.appConfig, { params: { app_id: TEST_APP_ID }, auth: true })
    const [request] = api.requests
    expect(request!.path).toBe(`/api/v1/apps/${TEST_APP_ID}`)
    expect(request!.headers['privy-client-id']).toBeUndefined()
    expect(request!.headers.authorization).toBeUndefined()
  })

  it('fills the path parameters and appends the query, URL-encoded', async () => {
    await transportFor().request(routes.tokenPrice, { query: { chainId: '1', tokenSymbol: 'E T H' } })
    expect(api.requests[0]!.path).toBe('/api/v1/token_price?chainId=1&tokenSymbol=E+T+H')
  })

  it('does not ask for a token unless the request is authenticated', async () => {
    let asked = 0
    await transportFor({ getAccessToken: async () => (asked++, 't') }).request(routes.appConfig, { params: { app_id: TEST_APP_ID } })
    expect(asked).toBe(0)
    expect(api.requests[0]!.headers.authorization).toBeUndefined()
  })

  it('retries a 503 three times with 500 ms × 3^n backoff, then fails with the server error', async () => {
    api.handle(() => ({ status: 503, body: { error: 'Down for maintenance', code: 'internal_error' } }))
    const error = await rejection(transportFor().request(routes.sessionsRefresh, { body: {} }))
    expect(api.requests).toHaveLength(4)
    expect(delays).toEqual([500, 1500, 4500])
    expect(error.status).toBe(503)
    expect(error.code).toBe('internal_error')
    expect(error.retryable).toBe(true)
  })

  it('waits the real backoff between attempts by default', async () => {
    let attempts = 0
    api.handle(() => (++attempts === 1 ? { status: 502 } : { body: { done: true } }))
    const transport = createTransport({ apiUrl: api.url, appId: TEST_APP_ID })
    await expect(transport.request(routes.usersMe)).resolves.toEqual({ done: true })
    const gap = api.requests[1]!.at - api.requests[0]!.at
    expect(gap).toBeGreaterThanOrEqual(480)
  })

  it.each([408, 409, 425, 500, 502, 504])('retries status %i', async (status) => {
    let attempts = 0
    api.handle(() => (++attempts <= 2 ? { status } : { body: { user: 'ok' } }))
    await expect(transportFor().request(routes.usersMe)).resolves.toEqual({ user: 'ok' })
    expect(api.requests).toHaveLength(3)
  })

  it('does not retry a 400 and maps the error body', async () => {
    api.handle(() => ({ status: 400, body: { error: 'Invalid email address', code: 'invalid_data' } }))
    const error = await rejection(transportFor().request(routes.passwordlessInit, { body: { email: 'x' } }))
    expect(api.requests).toHaveLength(1)
    expect(error).toMatchObject({ code: 'invalid_data', status: 400, shortMessage: 'Invalid email address', retryable: false })
  })

  it('falls back to unknown_auth_error when the body has no known code', async () => {
    api.handle(() => ({ status: 418, raw: 'not json' }))
    const error = await rejection(transportFor().request(routes.usersMe))
    expect(error).toMatchObject({ code: 'unknown_auth_error', status: 418 })
    api.handle(() => ({ status: 403, body: { error: 'Nope', code: 'made_up_code' } }))
    expect(await rejection(transportFor().request(routes.usersMe))).toMatchObject({ code: 'unknown_auth_error', shortMessage: 'Nope' })
  })

  it('does not retry when retry is off, and analytics swallows the failure', async () => {
    api.handle(() => ({ status: 503 }))
    await expect(sendAnalyticsEvent(transportFor(), 'sdk_initialize', 'caid-1')).resolves.toBeUndefined()
    expect(api.requests).toHaveLength(1)
    expect(api.requests[0]!.body).toEqual({ event_name: 'sdk_initialize', client_id: 'caid-1', payload: {} })
  })

  it('times out a slow request with a retryable client_request_timeout', async () => {
    api.handle(() => ({ delayMs: 300 }))
    const error = await rejection(transportFor({ timeoutMs: 50 }).request(routes.usersMe))
    expect(error).toMatchObject({ code: 'client_request_timeout', shortMessage: 'Request timed out', retryable: true })
  })

  it('raises client_request_aborted when the caller aborts', async () => {
    api.handle(() => ({ delayMs: 300 }))
    const controller = new AbortController()
    const pending = transportFor().request(routes.usersMe, { signal: controller.signal })
    setTimeout(() => controller.abort(), 30)
    expect(await rejection(pending)).toMatchObject({ code: 'client_request_aborted' })
  })

  it('raises network_error when nothing listens', async () => {
    const url = api.url
    await api.close()
    const error = await rejection(createTransport({ apiUrl: url, appId: TEST_APP_ID }).request(routes.usersMe))
    expect(error.code).toBe('network_error')
    api = await startFakeApi()
  })

  it('switches the API base', async () => {
    const other = await startFakeApi(() => ({ body: { from: 'other' } }))
    const transport = transportFor()
    transport.setApiUrl(`${other.url}/`)
    await expect(transport.request(routes.usersMe)).resolves.toEqual({ from: 'other' })
    expect(transport.apiUrl).toBe(other.url)
    expect(api.requests).toHaveLength(0)
    await other.close()
  })
})

describe('a refused origin (issue 15)', () => {
  /** The browser's view of a refused preflight: the API request fails like a network error; the simple origin check goes through. */
  const refusingBrowserFetch =
    (refuse: boolean): typeof fetch =>
    async (input, init) => {
      const url = String(input)
      if (url.includes('/origin_check')) return globalThis.fetch(url, init)
      if (refuse) throw new TypeError('Failed to fetch')
      return globalThis.fetch(url, init)
    }

  it('reports invalid_origin, naming the origin and how to allow it, with a docs link', async () => {
    api.handle((request) => (request.path.endsWith('/origin_check') ? { body: { origin: 'http://demo.tessera.test:5173', allowed: false } } : { body: {} }))
    const error = await rejection(transportFor({ fetch: refusingBrowserFetch(true) }).request(routes.passwordlessInit, { body: { email: 'a@b.co' } }))
    expect(error).toMatchObject({
      code: 'invalid_origin',
      data: { origin: 'http://demo.tessera.test:5173' },
      docsUrl: expect.stringContaining('#invalid_origin'),
    })
    expect(error.message).toContain('http://demo.tessera.test:5173')
    expect(error.message).toContain(`tessera-server apps update ${TEST_APP_ID} --add-origin http://demo.tessera.test:5173`)
    const check = api.requests.find((request) => request.path.endsWith('/origin_check'))!
    expect(check.path).toBe(`/api/v1/apps/${TEST_APP_ID}/origin_check`)
    // A simple request: no custom header, so the browser sends it without a preflight.
    expect(Object.keys(check.headers).filter((name) => name.startsWith('privy-') || name === 'content-type' || name === 'authorization')).toEqual([])
  })

  it('stays network_error when the origin is allowed or the check cannot be reached', async () => {
    api.handle((request) => (request.path.endsWith('/origin_check') ? { body: { origin: 'http://localhost:5173', allowed: true } } : { body: {} }))
    expect((await rejection(transportFor({ fetch: refusingBrowserFetch(true) }).request(routes.usersMe))).code).toBe('network_error')
    const unreachable: typeof fetch = async () => {
      throw new TypeError('Failed to fetch')
    }
    expect((await rejection(transportFor({ fetch: unreachable }).request(routes.usersMe))).code).toBe('network_error')
  })
})
