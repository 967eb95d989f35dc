import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { UserDto } from '../../../protocol/index.js'
import { createClient } from '../../client.js'
import type { CustomAuthConfig } from './config.js'
import { createMemoryStorage } from '../../session/storage.js'
import { startFakeApi, type FakeApi } from '../../test-support/api-server.js'
import { apiRoutes } from '../../test-support/fake-routes.js'
import { appConfigDto, authResponse, TEST_APP_ID, userDto } from '../../test-support/fixtures.js'
import type { ClientEvents, CustomAuthStatus, TesseraClient } from '../../types.js'
import type { User } from '../../user/types.js'

const CONFIG = `GET /api/v1/apps/${TEST_APP_ID}`
const AUTHENTICATE = '/api/v1/custom_jwt_account/authenticate'
const LINK = '/api/v1/custom_jwt_account/link'
const LOGOUT = '/api/v1/sessions/logout'
const at = 1_700_000_000
const customUser = (id = 'idp-user-1'): UserDto =>
  userDto({ linked_accounts: [{ type: 'custom_auth', custom_user_id: id, verified_at: at, first_verified_at: at, latest_verified_at: at }] })

const customUserIdOf = (user: User | null) => user?.linkedAccounts.find((account) => account.type === 'custom_auth')?.customUserId

let api: FakeApi
const clients: TesseraClient[] = []
function routes(serverEnabled = true, overrides: Parameters<typeof apiRoutes>[0] = {}) {
  return apiRoutes({
    [CONFIG]: () => ({ body: appConfigDto({ custom_jwt_auth: serverEnabled }) }),
    [`POST ${AUTHENTICATE}`]: async (request) => {
      const { token } = request.body as { token: string }
      if (token !== 'good-token') return { status: 400, body: { error: 'Invalid JWT', code: 'invalid_credentials' } }
      return { body: await authResponse({ is_new_user: true, user: customUser() }) }
    },
    [`POST ${LINK}`]: () => ({ body: userDto({ linked_accounts: [...userDto().linked_accounts, ...customUser().linked_accounts] }) }),
    ...overrides,
  })
}
beforeEach(async () => {
  api = await startFakeApi(routes())
})
afterEach(async () => {
  for (const client of clients.splice(0)) client.destroy()
  await api.close()
})

async function newClient(customAuth?: CustomAuthConfig) {
  const client = createClient({
    appId: TEST_APP_ID,
    apiUrl: api.url,
    storage: createMemoryStorage(),
    locks: null,
    retryDelay: () => 1,
    ...(customAuth ? { customAuth } : {}),
  })
  clients.push(client)
  await client.ready
  return client
}

/** The app's own auth, as the React hook would describe it. */
function appAuth(token: string | null, isLoading = false, enabled?: boolean): CustomAuthConfig & { calls: number } {
  const config = {
    calls: 0,
    isLoading,
    ...(enabled === undefined ? {} : { enabled }),
    async getCustomAccessToken() {
      config.calls++
      return token
    },
  }
  return config
}

function statuses(client: TesseraClient): CustomAuthStatus[] {
  const seen: CustomAuthStatus[] = []
  client.auth.customAuth.watchState((state) => void seen.push(state.status))
  return seen
}

describe('client.customAuth', () => {
  it('is not-enabled without a config, when the app turns it off, or when the server does not allow it', async () => {
    const bare = await newClient()
    await bare.auth.customAuth.sync()
    expect(bare.auth.customAuth.getState()).toEqual({ status: 'not-enabled', error: null })

    const off = await newClient(appAuth('good-token', false, false))
    await off.auth.customAuth.sync()
    expect(off.auth.customAuth.getState().status).toBe('not-enabled')

    api.handle(routes(false))
    const serverOff = await newClient(appAuth('good-token', false, true))
    await serverOff.auth.customAuth.sync()
    expect(serverOff.auth.customAuth.getState().status).toBe('not-enabled')
    expect(api.calls(AUTHENTICATE)).toHaveLength(0)
  })

  it("waits while the app's auth is loading, then signs in with its token", async () => {
    const loading = appAuth('good-token', true)
    const client = await newClient(loading)
    await client.auth.customAuth.sync()
    expect(client.auth.customAuth.getState().status).toBe('initial')
    expect(loading.calls).toBe(0)

    // Turned on while the app is still loading: waiting, no longer not-enabled.
    const late = await newClient()
    await late.auth.customAuth.sync()
    late.auth.customAuth.configure(appAuth('good-token', true))
    await late.auth.customAuth.sync()
    expect(late.auth.customAuth.getState().status).toBe('initial')

    const seen = statuses(client)
    const logins: ClientEvents['login'][] = []
    client.on('login', (event) => logins.push(event))
    client.auth.customAuth.configure(appAuth('good-token'))
    await client.auth.customAuth.sync()
    expect(seen).toEqual(['loading', 'done'])
    expect(client.getAuth().status).toBe('authenticated')
    expect(customUserIdOf(client.getAuth().user)).toBe('idp-user-1')
    expect(logins).toEqual([expect.objectContaining({ loginMethod: 'custom_auth', isNewUser: true })])
    expect(api.calls(AUTHENTICATE).map((request) => request.body)).toEqual([{ token: 'good-token', mode: 'login-or-sign-up' }])
  })

  it('syncs a config given at construction once the client is ready', async () => {
    const client = await newClient(appAuth('good-token'))
    await client.auth.customAuth.sync()
    expect(client.auth.customAuth.getState().status).toBe('done')
    // The second sync found the session in place: one sign-in only.
    expect(api.calls(AUTHENTICATE)).toHaveLength(1)
  })

  it('coalesces configure calls made while a sync waits to start', async () => {
    const client = await newClient()
    client.auth.customAuth.configure(appAuth('good-token', true))
    client.auth.customAuth.configure(appAuth('good-token'))
    client.auth.customAuth.configure(appAuth('good-token'))
    await client.auth.customAuth.sync()
    expect(api.calls(AUTHENTICATE)).toHaveLength(1)
    expect(client.auth.customAuth.getState().status).toBe('done')
  })

  it('signs a custom-auth user out when the app no longer has a token, but leaves other users alone', async () => {
    const client = await newClient(appAuth('good-token'))
    await client.auth.customAuth.sync()
    client.auth.customAuth.configure(appAuth(null))
    await client.auth.customAuth.sync()
    expect(client.getAuth().status).toBe('unauthenticated')
    expect(client.auth.customAuth.getState()).toEqual({ status: 'initial', error: null })
    expect(api.calls(LOGOUT)).toHaveLength(1)

    const emailUser = await newClient()
    await emailUser.auth.email.sendCode('ada@example.com')
    await emailUser.auth.email.loginWithCode('123456')
    emailUser.auth.customAuth.configure(appAuth(null))
    await emailUser.auth.customAuth.sync()
    expect(emailUser.getAuth().status).toBe('authenticated')
    expect(api.calls(LOGOUT)).toHaveLength(1)
  })

  it('reports a refused token or a failing token getter as error, and recovers on the next sync', async () => {
    const client = await newClient(appAuth('bad-token'))
    await client.auth.customAuth.sync()
    expect(client.auth.customAuth.getState()).toMatchObject({ status: 'error', error: { code: 'invalid_credentials', shortMessage: 'Invalid JWT' } })
    expect(client.getAuth().status).toBe('unauthenticated')

    client.auth.customAuth.configure({ isLoading: false, getCustomAccessToken: () => Promise.reject(new Error('idp down')) })
    await client.auth.customAuth.sync()
    expect(client.auth.customAuth.getState()).toMatchObject({ status: 'error', error: { code: 'unknown_auth_error' } })

    client.auth.customAuth.configure(appAuth('good-token'))
    await client.auth.customAuth.sync()
    expect(client.auth.customAuth.getState()).toEqual({ status: 'done', error: null })
  })

  it("links the app's identity to the signed-in user", async () => {
    const client = await newClient()
    await client.auth.email.sendCode('ada@example.com')
    await client.auth.email.loginWithCode('123456')
    const links: ClientEvents['link'][] = []
    client.on('link', (event) => links.push(event))
    client.auth.customAuth.configure(appAuth('good-token'))

    const user = await client.auth.customAuth.link()
    expect(customUserIdOf(user)).toBe('idp-user-1')
    expect(customUserIdOf(client.getAuth().user)).toBe('idp-user-1')
    expect(links).toEqual([expect.objectContaining({ linkMethod: 'custom_auth', linkedAccount: expect.objectContaining({ customUserId: 'idp-user-1' }) })])
    const [request] = api.calls(LINK)
    expect(request!.body).toEqual({ token: 'good-token' })
    expect(request!.headers.authorization).toMatch(/^Bearer /)
  })

  it('links a JWT the app passes (useLinkJwtAccount), without custom auth configured on the client', async () => {
    const client = await newClient()
    await client.auth.email.sendCode('ada@example.com')
    await client.auth.email.loginWithCode('123456')
    const user = await client.auth.customAuth.link('passed-token')
    expect(customUserIdOf(user)).toBe('idp-user-1')
    expect(api.calls(LINK).map((request) => request.body)).toEqual([{ token: 'passed-token' }])
  })

  it('refuses to link when signed out, without a token, or when not enabled', async () => {
    const signedOut = await newClient(appAuth('good-token', true))
    await expect(signedOut.auth.customAuth.link()).rejects.toMatchObject({ code: 'must_be_authenticated' })

    const client = await newClient()
    await expect(client.auth.customAuth.link()).rejects.toMatchObject({ code: 'feature_not_enabled' })
    await client.auth.email.sendCode('ada@example.com')
    await client.auth.email.loginWithCode('123456')
    client.auth.customAuth.configure(appAuth(null))
    await expect(client.auth.customAuth.link()).rejects.toMatchObject({ code: 'failed_to_link_account' })
    expect(api.calls(LINK)).toHaveLength(0)
  })
})
