import { renderToString } from 'react-dom/server'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startFakeApi, type FakeApi } from '../../src/core/test-support/api-server.js'
import { apiRoutes } from '../../src/core/test-support/fake-routes.js'
import { appConfigDto, TEST_APP_ID, TEST_OTP } from '../../src/core/test-support/fixtures.js'
import { TesseraProvider, useLogout, useTesseraClient } from '../index.js'
import type { TesseraClient } from '../../src/core/index.js'

// The fake API's tokens are for this app.
const appId = TEST_APP_ID
let api: FakeApi
let client: TesseraClient | null = null
beforeEach(async () => {
  api = await startFakeApi(apiRoutes({ [`GET /api/v1/apps/${appId}`]: () => ({ body: appConfigDto({ id: appId }) }) }))
})
afterEach(async () => {
  client?.destroy()
  await api.close()
})

describe('useLogout', () => {
  it('docs/security.md #35: logoutEverywhere ends every session on the server, signs out here, then calls onSuccess', async () => {
    let result: ReturnType<typeof useLogout> | null = null
    let successes = 0
    function Probe() {
      result = useLogout({ onSuccess: () => successes++ })
      client = useTesseraClient()
      return null
    }
    renderToString(
      <TesseraProvider appId={appId} apiUrl={api.url}>
        <Probe />
      </TesseraProvider>,
    )
    await client!.ready
    await client!.auth.email.sendCode('ada@example.com')
    await client!.auth.email.loginWithCode(TEST_OTP)
    expect(client!.getAuth().status).toBe('authenticated')

    await result!.logoutEverywhere()
    expect(api.calls('/api/v1/sessions/logout_all')).toHaveLength(1)
    expect(client!.getAuth()).toEqual({ status: 'unauthenticated', user: null })
    expect(successes).toBe(1)
  })
})
