import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createTransport } from '../api/transport.js'
import { createClient } from '../client.js'
import { startFakeApi, type FakeApi } from '../test-support/api-server.js'
import { apiRoutes } from '../test-support/fake-routes.js'
import { COOKIE_REFRESH_TOKEN_PLACEHOLDER } from '../../protocol/index.js'
import { appConfigDto, authResponse, TEST_APP_ID, TEST_OTP } from '../test-support/fixtures.js'
import type { TesseraClient, TokenStorage } from '../types.js'
import { storageKeys } from './keys.js'
import { createSessionManager } from './session-manager.js'
import { createMemoryStorage } from './storage.js'

const CONFIG = `/api/v1/apps/${TEST_APP_ID}`
const REFRESH = '/api/v1/sessions'
const LOGOUT = '/api/v1/sessions/logout'
const keys = storageKeys(TEST_APP_ID)

let api: FakeApi
let storage: TokenStorage
const clients: TesseraClient[] = []

/** An API in cookie mode: answers carry the placeholder for the refresh token (it is a cookie), as the server sends them. */
function cookieModeApi(customApiUrl: string | null) {
  return apiRoutes({
    [`GET ${CONFIG}`]: () => ({ body: appConfigDto({ custom_api_url: customApiUrl }) }),
    'POST /api/v1/passwordless/authenticate': async () => ({
      body: await authResponse({ refresh_token: customApiUrl ? COOKIE_REFRESH_TOKEN_PLACEHOLDER : 'rt-1' }),
    }),
    [`POST ${REFRESH}`]: async () => ({ body: await authResponse({ refresh_token: COOKIE_REFRESH_TOKEN_PLACEHOLDER }) }),
    [`POST ${LOGOUT}`]: () => ({ body: {} }),
  })
}

beforeEach(async () => {
  api = await startFakeApi()
  storage = createMemoryStorage()
})
afterEach(async () => {
  for (const client of clients.splice(0)) client.destroy()
  await api.close()
})

/** A page load: a new client over the same storage. */
async function loadPage() {
  const client = createClient({ appId: TEST_APP_ID, apiUrl: api.url, storage, locks: null, retryDelay: () => 1 })
  clients.push(client)
  await client.ready
  return client
}
async function signIn(client: TesseraClient) {
  await client.auth.email.sendCode('ada@example.com')
  await client.auth.email.loginWithCode(TEST_OTP)
}
/** Every stored value that is (or holds) a token: JWTs start with `eyJ`, refresh tokens here with `rt-`. */
async function storedTokens(): Promise<string[]> {
  const values = await Promise.all((await storage.getKeys()).map(async (key) => JSON.stringify(await storage.get(key))))
  return values.filter((value) => /eyJ|rt-/.test(value))
}

describe('cookie sessions in the core client', () => {
  it('in cookie mode no token reaches storage: sign-in, reload (refresh through the cookie) and logout', async () => {
    api.handle(cookieModeApi(api.url))
    const first = await loadPage()
    await signIn(first)
    expect(first.getAuth().status).toBe('authenticated')
    await expect(first.getAccessToken()).resolves.toMatch(/^eyJ/)
    expect(await storedTokens()).toEqual([])
    expect(await storage.get(keys.sessionMarker)).toBe('t')

    const reloaded = await loadPage()
    expect(reloaded.getAuth().status).toBe('authenticated')
    // The refresh token is the cookie: the body names none, and no stale bearer rides along.
    expect(api.calls(REFRESH).map((call) => call.body)).toEqual([{}])
    expect(await storedTokens()).toEqual([])

    await reloaded.logout()
    expect(api.calls(LOGOUT).at(-1)!.body).toEqual({})
    expect(reloaded.getAuth().status).toBe('unauthenticated')
    expect(await storage.get(keys.sessionMarker)).toBeNull()
    expect(await storedTokens()).toEqual([])
    // Signed out for good: the next page load does not try the cookie.
    const afterLogout = await loadPage()
    expect(afterLogout.getAuth().status).toBe('unauthenticated')
    expect(api.calls(REFRESH)).toHaveLength(1)
  })

  it('moves a session stored before the app turned cookie sessions on into the cookie, and empties storage', async () => {
    api.handle(cookieModeApi(null))
    await signIn(await loadPage())
    const storedRefreshToken = await storage.get(keys.refreshToken)
    expect(storedRefreshToken).toBe('rt-1')
    api.handle(cookieModeApi(api.url))
    const switched = await loadPage()
    expect(switched.getAuth().status).toBe('authenticated')
    // The one stored refresh token is spent through the body; the server's answer sets the cookie.
    expect(api.calls(REFRESH).map((call) => call.body)).toEqual([{ refresh_token: 'rt-1' }])
    expect(await storedTokens()).toEqual([])
    expect(await storage.get(keys.sessionMarker)).toBe('t')
  })

  it('in bearer mode keeps storing the tokens, as before', async () => {
    api.handle(cookieModeApi(null))
    await signIn(await loadPage())
    expect((await storedTokens()).length).toBeGreaterThanOrEqual(2)
    expect(await storage.get(keys.sessionMarker)).toBeNull()
  })

  it('follows a sign-in and a sign-out in another tab through the session marker', async () => {
    api.handle(cookieModeApi(api.url))
    const target = new EventTarget()
    vi.stubGlobal('window', target)
    try {
      const session = createSessionManager({
        appId: TEST_APP_ID,
        storage,
        transport: createTransport({ apiUrl: api.url, appId: TEST_APP_ID, retryDelay: () => 1 }),
        locks: null,
        cookieSessions: () => true,
        onUser: () => undefined,
      })
      const stop = session.watchOtherTabs()
      const otherTab = (change: () => unknown) => {
        change()
        target.dispatchEvent(Object.assign(new Event('storage'), { key: keys.sessionMarker }))
      }
      otherTab(() => storage.put(keys.sessionMarker, 't'))
      await vi.waitFor(() => expect(session.getUser()?.id).toBe('did:privy:user-1'))
      expect(api.calls(REFRESH).map((call) => call.body)).toEqual([{}])
      otherTab(() => storage.del(keys.sessionMarker))
      await vi.waitFor(() => expect(session.getUser()).toBeNull())
      // This tab's own access token ended with the session: nothing is left to call the API with.
      await expect(session.getAccessToken()).resolves.toBeNull()
      stop()
    } finally {
      vi.unstubAllGlobals()
    }
  })
})
