/**
 * Drives the reference client `@privy-io/js-sdk-core` 0.55.0 (in Node, `baseUrl` pointed at our
 * server) through email login, token refresh, refresh-token reuse and logout (docs/wire.md "Testing against the reference client").
 */
import { createRemoteJWKSet, jwtVerify } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type Privy from '@privy-io/js-sdk-core'
import type { InMemoryCache } from '@privy-io/js-sdk-core'
import { DEV_APP_ID, USER_DID_PREFIX, type ApiErrorBody, type AuthenticatedUserDto } from '../../src/protocol/index.js'
import { startTestServer, type TestServer } from '../harness/api-server.js'
import { recordFetch, type FetchRecorder, type RecordedRequest } from '../harness/fetch-recorder.js'
import { readOutbox, waitForCode } from '../harness/outbox.js'

const sdkVersion = 'js-sdk-core:compat-test'
/** Below the SDK's 30 s freshness margin, so every `getAccessToken()` refreshes. */
const accessTokenTtlSeconds = 20
/** The server's refresh grace window (docs/security.md #32) plus a margin. */
const afterGraceWindowMs = 11_000
const storageKeys = { token: 'privy:token', refreshToken: 'privy:refresh_token', identityToken: 'privy:id-token', analyticsId: 'privy:caid' }

const runId = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
const emailFor = (label: string) => `compat-${label}-${runId}@example.com`

let server: TestServer
let recorder: FetchRecorder
let sdk: typeof import('@privy-io/js-sdk-core')

beforeAll(async () => {
  server = await startTestServer({ accessTokenTtlSeconds })
  // The SDK binds globalThis.fetch when a client is constructed: wrap it first.
  recorder = recordFetch()
  sdk = await import('@privy-io/js-sdk-core')
})

afterAll(async () => {
  recorder?.restore()
  await server?.close()
})

interface Client {
  privy: Privy
  storage: InMemoryCache
}

function newClient(): Client {
  const storage = new sdk.InMemoryCache()
  // `baseUrl` and `sdkVersion` are read by the SDK but missing from its option type (docs/wire.md "Base URL and cookie sessions").
  const privy = new sdk.default({ appId: DEV_APP_ID, storage, baseUrl: server.url, sdkVersion } as ConstructorParameters<typeof sdk.default>[0])
  return { privy, storage }
}

/** Requests the SDK made (not the test's own outbox reads and replays) to `path`, after index `since`. */
const apiRequests = (path: string, since = 0): RecordedRequest[] =>
  recorder.requests
    .slice(since)
    .filter(
      (request) => request.headers.get('privy-client') === sdkVersion && request.url.origin === new URL(server.url).origin && request.url.pathname === path,
    )

async function logIn(client: Client, email: string) {
  await client.privy.initialize()
  const previousCount = (await readOutbox(server.url)).filter((message) => message.to === email).length
  await client.privy.auth.email.sendCode(email)
  const code = await waitForCode(server.url, email, { previousCount })
  return client.privy.auth.email.loginWithCode(email, code)
}

/** Presents a refresh token straight to `POST /api/v1/sessions`, as a client would. */
async function presentRefreshToken(refreshToken: string): Promise<{ status: number; body: AuthenticatedUserDto | ApiErrorBody }> {
  const response = await fetch(new URL('/api/v1/sessions', server.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'privy-app-id': DEV_APP_ID },
    body: JSON.stringify({ refresh_token: refreshToken }),
  })
  return { status: response.status, body: (await response.json()) as AuthenticatedUserDto | ApiErrorBody }
}

const statusOf = async (request: RecordedRequest) => (await request.response)?.status ?? null

describe('@privy-io/js-sdk-core 0.55.0 against the Tessera server', () => {
  let client: Client
  let userId: string
  let firstRefreshToken: string
  let secondRefreshToken: string

  it('initialize() loads the app config once and its analytics event is accepted', async () => {
    client = newClient()
    const since = recorder.requests.length
    await client.privy.initialize()

    const configRequests = apiRequests(`/api/v1/apps/${DEV_APP_ID}`, since)
    expect(configRequests).toHaveLength(1)
    expect(configRequests[0]!.method).toBe('GET')
    expect(configRequests[0]!.headers.get('authorization')).toBeNull()
    expect(await statusOf(configRequests[0]!)).toBe(200)

    // The analytics event is fire-and-forget: wait for it to be sent, then for its answer.
    await expect.poll(() => apiRequests('/api/v1/analytics_events', since).length).toBe(1)
    const analytics = apiRequests('/api/v1/analytics_events', since)[0]!
    expect(analytics.method).toBe('POST')
    expect(analytics.body).toMatchObject({ event_name: 'sdk_initialize', client_id: expect.any(String) })
    const status = await statusOf(analytics)
    expect(status).toBeGreaterThanOrEqual(200)
    expect(status).toBeLessThan(300)
  })

  it('logs in with an email code and stores a verifiable ES256 access token', async () => {
    const email = emailFor('login')
    const since = recorder.requests.length
    const result = await logIn(client, email)

    expect(apiRequests('/api/v1/passwordless/init', since).map((r) => r.body)).toEqual([{ email }])
    expect(apiRequests('/api/v1/passwordless/authenticate', since).map((r) => r.body)).toEqual([{ email, code: expect.stringMatching(/^\d{6}$/) }])
    expect(result.is_new_user).toBe(true)
    expect(result.user.id.startsWith(USER_DID_PREFIX)).toBe(true)
    expect(result.user.linked_accounts).toHaveLength(1)
    expect(result.user.linked_accounts[0]).toMatchObject({ type: 'email', address: email })
    userId = result.user.id

    const accessToken = client.storage.get(storageKeys.token)
    const refreshToken = client.storage.get(storageKeys.refreshToken)
    expect(accessToken).toBe(result.token)
    expect(refreshToken).toBe(result.refresh_token)
    expect(typeof refreshToken).toBe('string')
    expect(client.storage.get(storageKeys.identityToken)).toBe(result.identity_token)
    firstRefreshToken = refreshToken as string

    const jwks = createRemoteJWKSet(new URL(`/api/v1/apps/${DEV_APP_ID}/jwks.json`, server.url))
    const { payload, protectedHeader } = await jwtVerify(accessToken as string, jwks, {
      algorithms: ['ES256'],
      issuer: 'privy.io',
      audience: DEV_APP_ID,
    })
    expect(protectedHeader.alg).toBe('ES256')
    expect(payload.sub).toBe(userId)
    expect(payload.sid).toEqual(expect.any(String))
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(accessTokenTtlSeconds)
  })

  it('getAccessToken() refreshes a token inside the 30 s margin and rotates the refresh token', async () => {
    const oldAccessToken = client.storage.get(storageKeys.token)
    const since = recorder.requests.length
    const accessToken = await client.privy.getAccessToken()

    const refreshes = apiRequests('/api/v1/sessions', since)
    expect(refreshes).toHaveLength(1)
    expect(refreshes[0]!.body).toEqual({ refresh_token: firstRefreshToken })
    expect(refreshes[0]!.headers.get('authorization')).toBe(`Bearer ${oldAccessToken}`)
    expect(await statusOf(refreshes[0]!)).toBe(200)

    expect(accessToken).toEqual(expect.any(String))
    expect(accessToken).not.toBe(oldAccessToken)
    expect(client.storage.get(storageKeys.token)).toBe(accessToken)
    secondRefreshToken = client.storage.get(storageKeys.refreshToken) as string
    expect(secondRefreshToken).toEqual(expect.any(String))
    expect(secondRefreshToken).not.toBe(firstRefreshToken)
  })

  it('a replay of the previous refresh token inside the grace window gets the same successor', async () => {
    const replay = await presentRefreshToken(firstRefreshToken)
    expect(replay.status).toBe(200)
    expect(replay.body).toMatchObject({ refresh_token: secondRefreshToken, session_update_action: 'set' })
  })

  it('logout() revokes the session and empties storage', async () => {
    const since = recorder.requests.length
    await client.privy.auth.logout()

    // The SDK reads the refresh token, then refreshes the near-expiry access token before the
    // logout call: the session then holds a third refresh token, and logout names the second.
    const refreshes = apiRequests('/api/v1/sessions', since)
    const refreshed = await Promise.all(refreshes.map((request) => request.response))
    const thirdRefreshToken = (refreshed.at(-1)?.body as AuthenticatedUserDto | undefined)?.refresh_token
    const logouts = apiRequests('/api/v1/sessions/logout', since)
    expect(logouts).toHaveLength(1)
    expect(logouts[0]!.body).toEqual({ refresh_token: secondRefreshToken })
    const status = await statusOf(logouts[0]!)
    expect(status).toBeGreaterThanOrEqual(200)
    expect(status).toBeLessThan(300)
    for (const key of Object.values(storageKeys)) expect(client.storage.get(key) ?? null).toBeNull()

    for (const refreshToken of [secondRefreshToken, thirdRefreshToken].filter((token): token is string => typeof token === 'string')) {
      const afterLogout = await presentRefreshToken(refreshToken)
      expect(afterLogout.status).toBe(401)
      expect(afterLogout.body).toMatchObject({ code: 'missing_or_invalid_token' })
    }
  })

  it('reusing a rotated refresh token after the grace window revokes the session, and the SDK signs out', async () => {
    const reuser = newClient()
    await logIn(reuser, emailFor('reuse'))
    const rotatedAway = reuser.storage.get(storageKeys.refreshToken) as string
    await reuser.privy.getAccessToken()
    const current = reuser.storage.get(storageKeys.refreshToken) as string
    expect(current).not.toBe(rotatedAway)

    await new Promise((resolve) => setTimeout(resolve, afterGraceWindowMs))
    const reuse = await presentRefreshToken(rotatedAway)
    expect(reuse.status).toBe(401)
    expect(reuse.body).toMatchObject({ code: 'missing_or_invalid_token' })

    // The whole session is gone: the SDK's own refresh with the current token fails and wipes local state.
    const since = recorder.requests.length
    await expect(reuser.privy.getAccessToken()).rejects.toMatchObject({ code: 'missing_or_invalid_token' })
    expect(apiRequests('/api/v1/sessions', since)).toHaveLength(1)
    expect(reuser.storage.get(storageKeys.token) ?? null).toBeNull()
    expect(reuser.storage.get(storageKeys.refreshToken) ?? null).toBeNull()
  }, 60_000)

  it('every SDK request carried privy-app-id, privy-client and a stable privy-ca-id; authed ones a Bearer token', () => {
    const sdkRequests = recorder.requests.filter((request) => request.headers.get('privy-client') === sdkVersion)
    expect(sdkRequests.length).toBeGreaterThanOrEqual(10)
    const analyticsIds = new Set<string | null>()
    for (const request of sdkRequests) {
      expect(request.headers.get('privy-app-id')).toBe(DEV_APP_ID)
      expect(request.headers.get('privy-ca-id')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
      analyticsIds.add(request.headers.get('privy-ca-id'))
    }
    // Two SDK clients ran (the second after the first wiped its id on logout): at most three ids.
    expect(analyticsIds.size).toBeLessThanOrEqual(3)
    const authed = sdkRequests.filter((request) => ['/api/v1/sessions', '/api/v1/sessions/logout'].includes(request.url.pathname))
    expect(authed.length).toBeGreaterThanOrEqual(3)
    for (const request of authed) expect(request.headers.get('authorization')).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/)
  })
})
