/**
 * docs/security.md #36 and #63: a session ends at its inactivity expiry and at its absolute lifetime on every path that mints
 * an access token, not only on refresh with a refresh token.
 */
import { createHash, randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REFRESH_TOKEN_TTL_SECONDS, SESSION_MAX_LIFETIME_SECONDS } from '../../../src/protocol/index.js'
import { startTestServer, TEST_ORIGIN, type ApiResponse, type TestServer } from '../test-support/test-server.js'

const DAY = 24 * 3600
const MINUTE = 60

let t: TestServer
beforeAll(async () => {
  t = await startTestServer()
})
afterAll(async () => {
  await t?.close()
})

let counter = 0
const login = async (server = t, appId = server.app.id) => {
  const response = await server.login(`lifetime${++counter}-${Date.now()}@example.com`, appId)
  expect(response.status).toBe(200)
  return response.body as { token: string; refresh_token: string }
}
const refreshWith = (refreshToken: string, server = t, appId = server.app.id) =>
  server.call('/api/v1/sessions', { body: { refresh_token: refreshToken }, appId })
const bearerRefresh = (token: string, server = t) => server.call('/api/v1/sessions', { body: {}, token })
const me = (token: string, server = t) => server.call('/api/v1/users/me', { token })
const expectInvalidToken = (response: ApiResponse) => {
  expect(response.status).toBe(401)
  expect(response.body.code).toBe('missing_or_invalid_token')
}

/** Keeps a session busy with refresh-token rotations every 20 days until `secondsBeforeEnd` before its absolute end. */
async function refreshUntilNearTheEnd(refreshToken: string, secondsBeforeEnd: number, appId = t.app.id): Promise<{ token: string; refreshToken: string }> {
  let elapsed = 0
  let current = { token: '', refreshToken }
  while (elapsed < SESSION_MAX_LIFETIME_SECONDS - secondsBeforeEnd) {
    const step = Math.min(20 * DAY, SESSION_MAX_LIFETIME_SECONDS - secondsBeforeEnd - elapsed)
    t.clock.advance(step)
    elapsed += step
    const refreshed = await refreshWith(current.refreshToken, t, appId)
    expect(refreshed.status, `refresh after ${elapsed / DAY} days`).toBe(200)
    current = { token: refreshed.body.token, refreshToken: refreshed.body.refresh_token }
  }
  return current
}

describe('docs/security.md #36: absolute lifetime', () => {
  it('docs/security.md #36, #63: a bearer-only refresh is refused past the absolute lifetime, however the access token was chained', async () => {
    const session = await login()
    const nearEnd = await refreshUntilNearTheEnd(session.refresh_token, 30 * MINUTE)
    // Still inside the lifetime: a bearer-only refresh answers a fresh access token (the chain's next link).
    t.clock.advance(20 * MINUTE)
    const chained = await bearerRefresh(nearEnd.token)
    expect(chained.status).toBe(200)
    expect(chained.body.session_update_action).toBe('ignore')
    // Past the end the chained token is still unexpired as a JWT, yet mints nothing and opens nothing.
    t.clock.advance(20 * MINUTE)
    expectInvalidToken(await bearerRefresh(chained.body.token))
    expectInvalidToken(await me(chained.body.token))
    expectInvalidToken(await refreshWith(nearEnd.refreshToken))
  })

  it('docs/security.md #63: GET /users/me issues no identity token for a session past its absolute lifetime', async () => {
    const session = await login()
    const nearEnd = await refreshUntilNearTheEnd(session.refresh_token, 10 * MINUTE)
    expect((await me(nearEnd.token)).body.identity_token).toEqual(expect.any(String))
    t.clock.advance(11 * MINUTE)
    const after = await me(nearEnd.token)
    expectInvalidToken(after)
    expect(after.body.identity_token).toBeUndefined()
  })
})

describe('docs/security.md #63: cross-app', () => {
  it('docs/security.md #63: a provider session past its absolute lifetime cannot authorize a cross-app sign-in', async () => {
    const requester = await t.createApp({ name: 'Requester', allowedOrigins: [TEST_ORIGIN], loginMethods: ['email', 'cross_app'] })
    const provider = await t.createApp({
      name: 'Provider',
      allowedOrigins: ['http://provider.test:4000'],
      crossAppProvider: { authorizeUrl: 'http://provider.test:4000/cross-app', transactUrl: null, requesters: [{ appId: requester.id, readOnly: false }] },
    })
    const authorize = (token: string) => {
      const challenge = createHash('sha256').update(randomBytes(36).toString('base64url')).digest('base64url')
      return t.call('/api/v1/cross-app/authorize', {
        appId: provider.id,
        token,
        body: { requester_app_id: requester.id, requester_origin: TEST_ORIGIN, state_code: randomBytes(36).toString('base64url'), code_challenge: challenge },
      })
    }
    const session = await login(t, provider.id)
    const nearEnd = await refreshUntilNearTheEnd(session.refresh_token, 10 * MINUTE, provider.id)
    expect((await authorize(nearEnd.token)).body.authorization_code).toEqual(expect.any(String))
    t.clock.advance(11 * MINUTE)
    const after = await authorize(nearEnd.token)
    expectInvalidToken(after)
    expect(after.body.authorization_code).toBeUndefined()
  })
})

describe('docs/security.md #36: inactivity', () => {
  it('docs/security.md #36: a bearer-only refresh is refused once the session sat idle past its inactivity expiry', async () => {
    // Access tokens outliving the idle limit (a setting) show the inactivity rule holds on the bearer path too.
    const longTokens = await startTestServer({ server: { accessTokenTtlSeconds: REFRESH_TOKEN_TTL_SECONDS + DAY } })
    try {
      const session = await login(longTokens)
      longTokens.clock.advance(REFRESH_TOKEN_TTL_SECONDS - MINUTE)
      expect((await bearerRefresh(session.token, longTokens)).status).toBe(200)
      longTokens.clock.advance(2 * MINUTE)
      expectInvalidToken(await bearerRefresh(session.token, longTokens))
      expectInvalidToken(await me(session.token, longTokens))
      expectInvalidToken(await refreshWith(session.refresh_token, longTokens))
    } finally {
      await longTokens.close()
    }
  })
})
