import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app.js'
import { loginMethodNames } from '../auth/login-methods.js'
import { createServerContext } from '../server.js'
import { startTestServer, type TestServer } from '../test-support/test-server.js'

// Issue 14 item 8, properties 8 and 55: every unauthenticated or costly route counts per client IP before any work.
const two = { max: 2, windowSeconds: 60 }
let t: TestServer
beforeAll(async () => {
  t = await startTestServer({
    app: {
      loginMethods: [...loginMethodNames],
      customJwt: { jwksUrl: 'http://127.0.0.1:9/jwks.json', publicKeyPem: null, issuer: 'https://issuer.test', audience: 'limits', userIdClaim: 'sub' },
    },
    // Behind a trusted proxy, so each case below is its own client (X-Forwarded-For) and has its own buckets.
    server: { trustProxy: true, rateLimits: { authenticatePerIp: two, challengesPerIp: two, refreshesPerIp: two } },
  })
})
afterAll(async () => {
  await t?.close()
})

const limitedRoutes = [
  '/api/v1/passkeys/register/init',
  '/api/v1/passkeys/authenticate/init',
  '/api/v1/passkeys/register',
  '/api/v1/passkeys/authenticate',
  '/api/v1/siwe/authenticate',
  '/api/v1/siws/authenticate',
  '/api/v1/custom_jwt_account/authenticate',
  '/api/v1/farcaster/authenticate',
  '/api/v1/farcaster/v2/authenticate',
  '/api/v1/sessions',
]

let nextClient = 1
const newClient = () => `198.51.100.${nextClient++}`
const post = (path: string, ip: string) =>
  t.call(path, { body: { refresh_token: 'not-a-token', token: 'x', message: 'm', signature: '0x00' }, headers: { 'x-forwarded-for': ip } })

describe('per-IP limits on sign-in, challenge and refresh routes', () => {
  for (const path of limitedRoutes) {
    it(`${path}: N+1 simultaneous requests at the limit → exactly N pass the limiter, the rest 429 with Retry-After`, async () => {
      const ip = newClient()
      const responses = await Promise.all([post(path, ip), post(path, ip), post(path, ip)])
      const limited = responses.filter((response) => response.status === 429)
      expect(limited).toHaveLength(1)
      expect(limited[0]!.body).toEqual({ code: 'too_many_requests', error: 'Too many requests, try again later' })
      expect(Number(limited[0]!.headers.get('retry-after'))).toBeGreaterThan(0)
      // Another client is not affected.
      expect((await post(path, newClient())).status).not.toBe(429)
    })
  }

  it('counts every sign-in method in one bucket per IP', async () => {
    const ip = newClient()
    expect((await post('/api/v1/siwe/authenticate', ip)).status).not.toBe(429)
    expect((await post('/api/v1/custom_jwt_account/authenticate', ip)).status).not.toBe(429)
    expect((await post('/api/v1/passkeys/authenticate', ip)).status).toBe(429)
  })

  it('behind the trusted proxy, the bucket is the address the proxy appended, whatever the client wrote before it (#8)', async () => {
    const real = newClient()
    const forged = (first: string) => t.call('/api/v1/siwe/authenticate', { body: {}, headers: { 'x-forwarded-for': `${first}, ${real}` } })
    expect((await forged('203.0.113.1')).status).not.toBe(429)
    expect((await forged('203.0.113.2')).status).not.toBe(429)
    expect((await forged('203.0.113.3')).status).toBe(429)
  })

  it('fails closed when no client IP can be derived', async () => {
    // An in-process request has no socket, hence no address.
    const ctx = await createServerContext({ quiet: true }, { db: t.db, clock: t.clock, delivery: t.inbox })
    for (const path of limitedRoutes) {
      const response = await createApp(ctx).request(path, {
        method: 'POST',
        headers: { 'privy-app-id': t.app.id, 'content-type': 'application/json' },
        body: JSON.stringify({ refresh_token: 'not-a-token' }),
      })
      expect(response.status, path).toBe(429)
    }
  })
})
