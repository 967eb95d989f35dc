import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { GUEST_CREDENTIAL_BYTES } from '../../../protocol/index.js'
import { createClient } from '../../client.js'
import { storageKeys } from '../../session/keys.js'
import { createMemoryStorage } from '../../session/storage.js'
import { startFakeApi, type FakeApi } from '../../test-support/api-server.js'
import { apiRoutes } from '../../test-support/fake-routes.js'
import { authResponse, TEST_APP_ID, userDto } from '../../test-support/fixtures.js'
import type { ClientEvents, TesseraClient, TokenStorage } from '../../types.js'

const GUEST = '/api/v1/guest/authenticate'
const keys = storageKeys(TEST_APP_ID)

let api: FakeApi
const clients: TesseraClient[] = []
beforeEach(async () => {
  api = await startFakeApi(
    apiRoutes({
      [`POST ${GUEST}`]: async () => ({ body: await authResponse({ is_new_user: true, user: userDto({ linked_accounts: [], is_guest: true }) }) }),
    }),
  )
})
afterEach(async () => {
  for (const client of clients.splice(0)) client.destroy()
  await api.close()
})

async function newClient(storage: TokenStorage = createMemoryStorage()) {
  const client = createClient({ appId: TEST_APP_ID, apiUrl: api.url, storage, locks: null, retryDelay: () => 1 })
  clients.push(client)
  await client.ready
  return client
}
const sentCredentials = () => api.calls(GUEST).map((request) => (request.body as { guest_credential: string }).guest_credential)

describe('client.auth.guest.login', () => {
  it('signs in with a new 32-byte credential, kept in storage under tessera:<appId>:guest', async () => {
    const storage = createMemoryStorage()
    const client = await newClient(storage)
    const logins: ClientEvents['login'][] = []
    client.on('login', (event) => logins.push(event))

    const user = await client.auth.guest.login()
    expect(user.isGuest).toBe(true)
    expect(client.getAuth()).toMatchObject({ status: 'authenticated', user: { isGuest: true } })
    expect(logins).toEqual([expect.objectContaining({ loginMethod: 'guest', isNewUser: true })])
    expect(client.getRecentLoginMethod()).toBe('guest')

    const [credential] = sentCredentials()
    expect(credential).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(Buffer.from(credential!, 'base64url')).toHaveLength(GUEST_CREDENTIAL_BYTES)
    expect(await storage.get(keys.guestCredential)).toBe(credential)
  })

  it('reuses the stored credential once the session is gone, and makes a new one after logout', async () => {
    const storage = createMemoryStorage()
    const first = await newClient(storage)
    await first.auth.guest.login()
    // The session ends without a logout (tokens gone): the same guest comes back.
    first.destroy()
    await Promise.all([storage.del(keys.token), storage.del(keys.refreshToken)])
    const second = await newClient(storage)
    await second.auth.guest.login()
    expect(sentCredentials()).toHaveLength(2)
    expect(sentCredentials()[1]).toBe(sentCredentials()[0])

    await second.logout()
    expect(await storage.get(keys.guestCredential)).toBeNull()
    await second.auth.guest.login()
    expect(sentCredentials()[2]).not.toBe(sentCredentials()[0])
  })

  it("refuses linking: 'Linking is not supported for the guest flow', without a request", async () => {
    const client = await newClient()
    await expect(client.auth.guest.link()).rejects.toMatchObject({ code: 'not_supported', shortMessage: 'Linking is not supported for the guest flow' })
    expect(sentCredentials()).toHaveLength(0)
  })

  it('refuses when someone is already signed in', async () => {
    const client = await newClient()
    await client.auth.guest.login()
    await expect(client.auth.guest.login()).rejects.toMatchObject({ code: 'already_logged_in' })
    expect(sentCredentials()).toHaveLength(1)
  })

  it("passes the server's refusal through with its code", async () => {
    api.handle(
      apiRoutes({
        [`POST ${GUEST}`]: () => ({ status: 403, body: { error: 'Login with guest is not allowed for this app', code: 'disallowed_login_method' } }),
      }),
    )
    const client = await newClient()
    await expect(client.auth.guest.login()).rejects.toMatchObject({ code: 'disallowed_login_method' })
    expect(client.getAuth().status).toBe('unauthenticated')
  })
})
