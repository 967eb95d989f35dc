/** `client.logoutEverywhere()`: the server ends every session of the user (docs/security.md #35), then this one ends here too. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createClient } from '../client.js'
import { startFakeApi, type FakeApi } from '../test-support/api-server.js'
import { apiRoutes } from '../test-support/fake-routes.js'
import { TEST_APP_ID, TEST_OTP } from '../test-support/fixtures.js'
import type { ClientEvents, TesseraClient } from '../types.js'
import { storageKeys } from './keys.js'
import { createMemoryStorage } from './storage.js'

const LOGOUT_ALL = '/api/v1/sessions/logout_all'
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

async function signedInClient() {
  const storage = createMemoryStorage()
  const client = createClient({ appId: TEST_APP_ID, apiUrl: api.url, storage, locks: null, retryDelay: () => 1 })
  clients.push(client)
  await client.ready
  await client.auth.email.sendCode('ada@example.com')
  await client.auth.email.loginWithCode(TEST_OTP)
  expect(client.getAuth().status).toBe('authenticated')
  return { client, storage }
}

describe('logoutEverywhere', () => {
  it("docs/security.md #35: asks the server to end every session with this session's access token, then signs out here", async () => {
    const { client, storage } = await signedInClient()
    const token = await client.getAccessToken()
    const logouts: ClientEvents['logout'][] = []
    client.on('logout', (event) => logouts.push(event))
    await client.logoutEverywhere()
    const [call] = api.calls(LOGOUT_ALL)
    expect(api.calls(LOGOUT_ALL)).toHaveLength(1)
    expect(call).toMatchObject({ method: 'POST', headers: { authorization: `Bearer ${token}` } })
    expect(client.getAuth()).toEqual({ status: 'unauthenticated', user: null })
    expect(logouts).toEqual([{ reason: 'user' }])
    expect(await storage.get(keys.token)).toBeFalsy()
    expect(await storage.get(keys.refreshToken)).toBeFalsy()
  })

  it('rejects and stays signed in when the server did not end the other sessions', async () => {
    api.handle(apiRoutes({ [`POST ${LOGOUT_ALL}`]: () => ({ status: 503, body: { error: 'Service unavailable', code: 'service_unavailable' } }) }))
    const { client } = await signedInClient()
    await expect(client.logoutEverywhere()).rejects.toMatchObject({ status: 503 })
    expect(client.getAuth().status).toBe('authenticated')
    expect(api.calls('/api/v1/sessions/logout')).toHaveLength(0)
  })

  it('calls nothing when no one is signed in', async () => {
    const client = createClient({ appId: TEST_APP_ID, apiUrl: api.url, storage: createMemoryStorage(), locks: null, retryDelay: () => 1 })
    clients.push(client)
    await client.ready
    await client.logoutEverywhere()
    expect(api.calls(LOGOUT_ALL)).toHaveLength(0)
    expect(client.getAuth().status).toBe('unauthenticated')
  })
})
