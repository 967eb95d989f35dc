import { renderToString } from 'react-dom/server'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startFakeApi, type FakeApi } from '../../src/core/test-support/api-server.js'
import { apiRoutes } from '../../src/core/test-support/fake-routes.js'
import { appConfigDto, authResponse, userDto } from '../../src/core/test-support/fixtures.js'
import { TesseraProvider, useGuestAccounts, useTesseraClient, type UseGuestAccountsResult } from '../index.js'
import type { TesseraClient } from '../../src/core/index.js'

const appId = 'tessera-test-app-00000021'
let api: FakeApi
let client: TesseraClient | null = null
beforeEach(async () => {
  api = await startFakeApi(
    apiRoutes({
      [`GET /api/v1/apps/${appId}`]: () => ({ body: appConfigDto({ id: appId, guest_auth: true }) }),
      'POST /api/v1/guest/authenticate': async () => ({
        body: await authResponse({ is_new_user: true, user: userDto({ linked_accounts: [], is_guest: true }) }),
      }),
    }),
  )
})
afterEach(async () => {
  client?.destroy()
  await api.close()
})

describe('useGuestAccounts', () => {
  it('creates a guest account through the shared client', async () => {
    let result: UseGuestAccountsResult | null = null
    function Probe() {
      result = useGuestAccounts()
      client = useTesseraClient()
      return null
    }
    renderToString(
      <TesseraProvider appId={appId} apiUrl={api.url}>
        <Probe />
      </TesseraProvider>,
    )
    await client!.ready

    const user = await result!.createGuestAccount()
    expect(user.isGuest).toBe(true)
    expect(client!.getAuth()).toMatchObject({ status: 'authenticated', user: { isGuest: true } })
    expect(api.calls('/api/v1/guest/authenticate')).toHaveLength(1)
    await expect(result!.createGuestAccount()).rejects.toMatchObject({ code: 'already_logged_in' })
  })
})
