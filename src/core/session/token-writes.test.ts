/** The tokens the client hands the app: identity token kept and cleared, access-token grants and removals, OAuth provider tokens once per grant. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { AuthenticatedUserDto } from '../../protocol/index.js'
import { createClient } from '../client.js'
import { startFakeApi, type FakeApi } from '../test-support/api-server.js'
import { apiRoutes } from '../test-support/fake-routes.js'
import { authResponse, makeAccessToken, TEST_APP_ID, TEST_OTP, userDto } from '../test-support/fixtures.js'
import type { TesseraClient, TokenStorage } from '../types.js'
import { storageKeys } from './keys.js'
import { createMemoryStorage } from './storage.js'

const keys = storageKeys(TEST_APP_ID)
let api: FakeApi
let client: TesseraClient | null = null
let lastLogin: AuthenticatedUserDto | null = null

/** The email login answer, remembered so a test can compare what the app got with what the server issued. */
const emailLogin =
  (extra: Partial<AuthenticatedUserDto> = {}) =>
  async () => {
    lastLogin = await authResponse({ user: userDto(), ...extra })
    return { body: lastLogin }
  }

beforeEach(async () => {
  lastLogin = null
  api = await startFakeApi(apiRoutes({ 'POST /api/v1/passwordless/authenticate': emailLogin() }))
})
afterEach(async () => {
  client?.destroy()
  client = null
  await api.close()
})

async function newClient(storage: TokenStorage = createMemoryStorage()) {
  client = createClient({ appId: TEST_APP_ID, apiUrl: api.url, storage, locks: null, retryDelay: () => 1 })
  await client.ready
  return client
}

async function signIn(target: TesseraClient) {
  await target.auth.email.sendCode('ada@example.com')
  await target.auth.email.loginWithCode(TEST_OTP)
}

describe('identity and access tokens', () => {
  it('keeps the identity token of the login, reports the access token granted, and clears both at logout (one removal)', async () => {
    const target = await newClient()
    const accessEvents: (string | null)[] = []
    const identityChanges: (string | null)[] = []
    target.on('accessToken', ({ accessToken }) => accessEvents.push(accessToken))
    target.watchIdentityToken((token) => identityChanges.push(token))
    expect(target.getIdentityToken()).toBeNull()

    await signIn(target)
    expect(target.getIdentityToken()).toBe(lastLogin!.identity_token)
    expect(accessEvents).toEqual([lastLogin!.token])

    await target.logout()
    expect(target.getIdentityToken()).toBeNull()
    expect(accessEvents).toEqual([lastLogin!.token, null])
    expect(identityChanges).toEqual([lastLogin!.identity_token, null])
  })

  it('a refreshed session grants the new access token and replaces the identity token', async () => {
    const storage = createMemoryStorage()
    await storage.put(keys.token, await makeAccessToken({ ttlSeconds: 5 }))
    await storage.put(keys.refreshToken, 'rt-old')
    const refreshed = await authResponse()
    api.handle(apiRoutes({ 'POST /api/v1/sessions': () => ({ body: refreshed }) }))
    const target = await newClient(storage)
    expect(target.getAuth().status).toBe('authenticated')
    expect(target.getIdentityToken()).toBe(refreshed.identity_token)
    const granted: (string | null)[] = []
    target.on('accessToken', ({ accessToken }) => granted.push(accessToken))
    await storage.put(keys.token, await makeAccessToken({ ttlSeconds: 5 }))
    const next = await authResponse()
    api.handle(apiRoutes({ 'POST /api/v1/sessions': () => ({ body: next }) }))
    expect(await target.getAccessToken()).toBe(next.token)
    expect(granted).toEqual([next.token])
    expect(target.getIdentityToken()).toBe(next.identity_token)
  })

  it('a stored session restored on load takes the identity token GET /users/me answers with', async () => {
    const storage = createMemoryStorage()
    await storage.put(keys.token, await makeAccessToken())
    const identityToken = await makeAccessToken()
    api.handle(apiRoutes({ 'GET /api/v1/users/me': () => ({ body: { user: userDto(), identity_token: identityToken } }) }))
    const target = await newClient(storage)
    expect(target.getIdentityToken()).toBe(identityToken)
  })
})

describe('OAuth provider tokens', () => {
  it('a login answering oauth_tokens hands them over once, camelCased, with the user; a login without them hands nothing', async () => {
    const oauthTokens = {
      provider: 'google',
      access_token: 'ya29.provider',
      access_token_expires_in_seconds: 3599,
      refresh_token: '1//refresh',
      scopes: ['email', 'profile'],
    }
    api.handle(apiRoutes({ 'POST /api/v1/passwordless/authenticate': emailLogin({ oauth_tokens: oauthTokens }) }))
    const target = await newClient()
    const grants: unknown[] = []
    target.on('oauthTokens', (grant) => grants.push(grant))
    await signIn(target)
    expect(grants).toEqual([
      {
        oAuthTokens: {
          provider: 'google',
          accessToken: 'ya29.provider',
          accessTokenExpiresInSeconds: 3599,
          refreshToken: '1//refresh',
          refreshTokenExpiresInSeconds: undefined,
          scopes: ['email', 'profile'],
        },
        user: target.getAuth().user,
      },
    ])
    await target.logout()
    api.handle(apiRoutes({ 'POST /api/v1/passwordless/authenticate': emailLogin() }))
    await signIn(target)
    expect(grants).toHaveLength(1)
  })
})
