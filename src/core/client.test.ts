import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createClient, getOrCreateClient } from './client.js'
import { storageKeys } from './session/keys.js'
import { createMemoryStorage } from './session/storage.js'
import { startFakeApi, type FakeApi } from './test-support/api-server.js'
import { apiRoutes } from './test-support/fake-routes.js'
import { appConfigDto, makeAccessToken, TEST_APP_ID } from './test-support/fixtures.js'
import type { AuthState, ClientEvents, TesseraClient } from './types.js'
import { clientTag } from './version.js'

const CONFIG = `/api/v1/apps/${TEST_APP_ID}`
const keys = storageKeys(TEST_APP_ID)

let api: FakeApi
const clients: TesseraClient[] = []
beforeEach(async () => {
  api = await startFakeApi(apiRoutes())
})
afterEach(async () => {
  for (const client of clients.splice(0)) client.destroy()
  await api.close()
})

function newClient(options: Partial<Parameters<typeof createClient>[0]> = {}) {
  const client = createClient({ appId: TEST_APP_ID, apiUrl: api.url, storage: createMemoryStorage(), locks: null, retryDelay: () => 1, ...options })
  clients.push(client)
  return client
}

describe('createClient', () => {
  it('starts from defaults, then switches to the server config, and reports an unauthenticated session', async () => {
    api.handle(apiRoutes({ [`GET ${CONFIG}`]: () => ({ body: appConfigDto({ name: 'Acme', theme: 'dark', google_oauth: true }) }) }))
    const client = newClient()
    expect(client.getConfig()).toMatchObject({ source: 'defaults', error: null })
    expect(client.getConfig().config.loginMethods).toEqual(['email', 'wallet'])
    expect(client.getAuth()).toEqual({ status: 'loading', user: null })
    await client.ready
    expect(client.getConfig()).toMatchObject({ source: 'server', error: null, config: { appName: 'Acme', loginMethods: ['email', 'google'] } })
    expect(client.getConfig().config.appearance.theme).toBe('dark')
    expect(client.getAuth()).toEqual({ status: 'unauthenticated', user: null })
    expect(api.calls(CONFIG)[0]!.headers.authorization).toBeUndefined()
  })

  it('applies client config overrides over the server config', async () => {
    const client = newClient({ config: { appearance: { landingHeader: 'Hello', theme: 'dark' }, loginMethods: ['email'] } })
    expect(client.getConfig().config.appearance.landingHeader).toBe('Hello')
    await client.ready
    expect(client.getConfig().config).toMatchObject({ appearance: { landingHeader: 'Hello', theme: 'dark' }, loginMethods: ['email'] })
  })

  it('replaces the host overrides later with setConfig, over the server config, and refuses an invalid one', async () => {
    api.handle(apiRoutes({ [`GET ${CONFIG}`]: () => ({ body: appConfigDto({ name: 'Acme', google_oauth: true }) }) }))
    const client = newClient({ config: { appearance: { landingHeader: 'First' } } })
    await client.ready
    client.setConfig({
      appearance: { landingHeader: 'Second' },
      loginMethodsAndOrder: { primary: ['google', 'email'], overflow: [] },
      intl: { defaultCountry: 'GB' },
    })
    const { config } = client.getConfig()
    expect(config.appName).toBe('Acme')
    expect(config.appearance.landingHeader).toBe('Second')
    expect(config.loginMethodsAndOrder).toEqual({ primary: ['google', 'email'], overflow: [] })
    expect(config.intl.defaultCountry).toBe('GB')
    expect(() => client.setConfig({ loginMethods: [] })).toThrow('You must enable at least one login method')
    expect(client.getConfig().config.appearance.landingHeader).toBe('Second')
  })

  it('keeps the defaults and records the error when the config cannot load', async () => {
    api.handle(apiRoutes({ [`GET ${CONFIG}`]: () => ({ status: 404, body: { error: 'App not found', code: 'not_found' } }) }))
    const client = newClient()
    await client.ready
    expect(client.getConfig()).toMatchObject({ source: 'defaults', error: { code: 'not_found', status: 404 } })
    expect(client.getAuth().status).toBe('unauthenticated')
  })

  it('switches the API base to a custom_api_url from the server config', async () => {
    const custom = await startFakeApi(apiRoutes())
    api.handle(apiRoutes({ [`GET ${CONFIG}`]: () => ({ body: appConfigDto({ custom_api_url: custom.url }) }) }))
    const client = newClient()
    await client.ready
    expect(client.apiUrl).toBe(custom.url)
    await client.auth.email.sendCode('ada@example.com')
    expect(custom.calls('/api/v1/passwordless/init')).toHaveLength(1)
    expect(api.calls('/api/v1/passwordless/init')).toHaveLength(0)
    client.destroy()
    await custom.close()
  })

  it('sends sdk_initialize with the analytics id, which every request carries', async () => {
    const storage = createMemoryStorage()
    const client = newClient({ storage, clientId: 'client-7' })
    await client.ready
    await expect.poll(() => api.calls('/api/v1/analytics_events').length).toBe(1)
    const caid = await storage.get(keys.analyticsId)
    const [event] = api.calls('/api/v1/analytics_events')
    expect(event!.body).toEqual({ event_name: 'sdk_initialize', client_id: caid, payload: {} })
    for (const request of api.requests) {
      expect(request.headers).toMatchObject({ 'privy-ca-id': caid, 'privy-app-id': TEST_APP_ID, 'privy-client': clientTag, 'privy-client-id': 'client-7' })
    }
  })

  it('restores a stored session before ready resolves', async () => {
    const storage = createMemoryStorage()
    await storage.put(keys.token, await makeAccessToken({ ttlSeconds: 3600 }))
    await storage.put(keys.refreshToken, 'rt-1')
    const client = newClient({ storage })
    await client.ready
    expect(client.getAuth()).toMatchObject({ status: 'authenticated', user: { id: 'did:privy:user-1' } })
    expect(api.calls('/api/v1/sessions')).toHaveLength(0)
  })

  it('refreshes an expiring stored session before ready resolves', async () => {
    const storage = createMemoryStorage()
    await storage.put(keys.token, await makeAccessToken({ ttlSeconds: 10 }))
    await storage.put(keys.refreshToken, 'rt-1')
    const client = newClient({ storage })
    await client.ready
    expect(client.getAuth().status).toBe('authenticated')
    expect(api.calls('/api/v1/sessions')).toHaveLength(1)
  })

  it('notifies watchers with (value, previous) only on change, and emits logout', async () => {
    const client = newClient()
    await client.ready
    const seen: [AuthState, AuthState][] = []
    client.watchAuth((value, previous) => seen.push([value, previous]))
    const logouts: ClientEvents['logout'][] = []
    client.on('logout', (event) => logouts.push(event))
    await client.auth.email.sendCode('ada@example.com')
    await client.auth.email.loginWithCode('123456')
    await client.refreshUser()
    await client.logout()
    expect(seen.map(([value, previous]) => [previous.status, value.status])).toEqual([
      ['unauthenticated', 'authenticated'],
      ['authenticated', 'authenticated'],
      ['authenticated', 'unauthenticated'],
    ])
    expect(logouts).toEqual([{ reason: 'user' }])
    expect(api.calls('/api/v1/sessions/logout')).toHaveLength(1)
    await expect(client.getAccessToken()).resolves.toBeNull()
  })

  it('accepts terms for a signed-in user and refuses otherwise', async () => {
    const client = newClient()
    await client.ready
    await expect(client.acceptTerms()).rejects.toMatchObject({ code: 'must_be_authenticated', shortMessage: 'User must be authenticated' })
    await client.auth.email.sendCode('ada@example.com')
    await client.auth.email.loginWithCode('123456')
    await client.acceptTerms()
    const [call] = api.calls('/api/v1/users/me/accept_terms')
    expect(call!.headers.authorization).toMatch(/^Bearer /)
  })

  it('reads the recent login method from async storage before ready resolves, and remembers the next login', async () => {
    const memory = createMemoryStorage()
    await memory.put(keys.recentLoginMethod, 'google')
    // Storage the way an async adapter answers: a promise per call.
    const slow = { ...memory, get: (key: string) => new Promise((resolve) => setTimeout(() => resolve(memory.get(key)), 20)) }
    const client = newClient({ storage: slow })
    expect(client.getRecentLoginMethod()).toBeNull()
    await client.ready
    expect(client.getRecentLoginMethod()).toBe('google')
    await client.auth.email.sendCode('ada@example.com')
    await client.auth.email.loginWithCode('123456')
    expect(client.getRecentLoginMethod()).toBe('email')
    expect(await memory.get(keys.recentLoginMethod)).toBe('email')
  })

  it('rejects an app id that is not 25 characters and a config without login methods', () => {
    expect(() => createClient({ appId: 'short', apiUrl: api.url })).toThrow(expect.objectContaining({ code: 'invalid_config' }))
    expect(() => createClient({ appId: TEST_APP_ID, apiUrl: api.url, config: { loginMethods: [] } })).toThrow('You must enable at least one login method')
  })
})

describe('getOrCreateClient', () => {
  it('keeps one client per app id in a global registry until destroyed', async () => {
    const first = getOrCreateClient({ appId: TEST_APP_ID, apiUrl: api.url, storage: createMemoryStorage() })
    clients.push(first)
    const second = getOrCreateClient({ appId: TEST_APP_ID, apiUrl: api.url })
    expect(second).toBe(first)
    const registry = (globalThis as Record<symbol, unknown>)[Symbol.for('tessera.client')] as Map<string, TesseraClient>
    expect(registry.get(TEST_APP_ID)).toBe(first)
    await first.ready
    first.destroy()
    expect(registry.has(TEST_APP_ID)).toBe(false)
    const third = getOrCreateClient({ appId: TEST_APP_ID, apiUrl: api.url, storage: createMemoryStorage() })
    clients.push(third)
    expect(third).not.toBe(first)
  })
})
