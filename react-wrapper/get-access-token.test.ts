import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createMemoryStorage, getOrCreateClient, type TesseraClient } from '../src/core/index.js'
import { startFakeApi, type FakeApi } from '../src/core/test-support/api-server.js'
import { apiRoutes } from '../src/core/test-support/fake-routes.js'
import { TEST_APP_ID, TEST_OTP } from '../src/core/test-support/fixtures.js'
import { getAccessToken } from './index.js'

let api: FakeApi
const clients: TesseraClient[] = []
beforeEach(async () => {
  api = await startFakeApi(apiRoutes())
})
afterEach(async () => {
  for (const client of clients.splice(0)) client.destroy()
  await api.close()
})

describe('getAccessToken (outside React)', () => {
  it("is null without a client or a session, the page client's token once signed in, and refuses to guess between two apps", async () => {
    expect(await getAccessToken()).toBeNull()
    const client = getOrCreateClient({ appId: TEST_APP_ID, apiUrl: api.url, storage: createMemoryStorage() })
    clients.push(client)
    expect(await getAccessToken()).toBeNull()
    await client.auth.email.sendCode('ada@example.com')
    await client.auth.email.loginWithCode(TEST_OTP)
    const token = await getAccessToken()
    expect(token).toMatch(/^ey/)
    expect(token).toBe(await client.getAccessToken())

    clients.push(getOrCreateClient({ appId: 'tessera-test-app-00000099', apiUrl: api.url, storage: createMemoryStorage() }))
    await expect(getAccessToken()).rejects.toMatchObject({ code: 'invalid_config', shortMessage: 'Several Tessera apps on this page' })
  })
})
