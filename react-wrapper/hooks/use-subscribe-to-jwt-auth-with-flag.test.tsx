import { renderToString } from 'react-dom/server'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createClient, createMemoryStorage, getOrCreateClient, type TesseraClient } from '../../src/core/index.js'
import { startFakeApi, type FakeApi } from '../../src/core/test-support/api-server.js'
import { apiRoutes } from '../../src/core/test-support/fake-routes.js'
import { appConfigDto, authResponse, TEST_APP_ID, userDto } from '../../src/core/test-support/fixtures.js'
import { TesseraProvider, useSubscribeToJwtAuthWithFlag } from '../index.js'
import { configureJwtAuth, watchJwtAuth, type JwtAuthCallbacks } from './use-subscribe-to-jwt-auth-with-flag.js'

const AUTHENTICATE = '/api/v1/custom_jwt_account/authenticate'
const at = 1_700_000_000
let api: FakeApi
let client: TesseraClient
beforeEach(async () => {
  api = await startFakeApi(
    apiRoutes({
      [`GET /api/v1/apps/${TEST_APP_ID}`]: () => ({ body: appConfigDto({ custom_jwt_auth: true }) }),
      [`POST ${AUTHENTICATE}`]: async () => ({
        body: await authResponse({
          is_new_user: true,
          user: userDto({
            linked_accounts: [{ type: 'custom_auth', custom_user_id: 'idp-7', verified_at: at, first_verified_at: at, latest_verified_at: at }],
          }),
        }),
      }),
    }),
  )
  client = createClient({ appId: TEST_APP_ID, apiUrl: api.url, storage: createMemoryStorage(), locks: null, retryDelay: () => 1 })
  await client.ready
})
afterEach(async () => {
  client.destroy()
  await api.close()
})

describe('useSubscribeToJwtAuthWithFlag', () => {
  it("follows the app's flags: waits while loading, signs in with its token, signs out without it, and stops on cleanup", async () => {
    const events: string[] = []
    const callbacks: JwtAuthCallbacks = {
      onAuthenticated: ({ user, isNewUser }) => void events.push(`authenticated:${user.id}:${isNewUser}`),
      onUnauthenticated: () => void events.push('unauthenticated'),
    }
    const stopWatching = watchJwtAuth(client, () => callbacks)
    let tokenReads = 0
    const getExternalJwt = async () => {
      tokenReads++
      return 'app-token'
    }

    let cleanup = configureJwtAuth(client, { isAuthenticated: false, isLoading: true }, getExternalJwt)
    await client.auth.customAuth.sync()
    expect(client.auth.customAuth.getState().status).toBe('initial')

    // The effect's cleanup runs before the next configure, as React does when the flags change.
    cleanup()
    cleanup = configureJwtAuth(client, { isAuthenticated: true, isLoading: false }, getExternalJwt)
    await client.auth.customAuth.sync()
    expect(client.auth.customAuth.getState().status).toBe('done')
    expect(client.getAuth().status).toBe('authenticated')
    expect(api.calls(AUTHENTICATE).map((request) => request.body)).toEqual([{ token: 'app-token', mode: 'login-or-sign-up' }])
    expect(events).toEqual(['authenticated:did:privy:user-1:true'])

    cleanup()
    const readsBefore = tokenReads
    cleanup = configureJwtAuth(client, { isAuthenticated: false, isLoading: false }, getExternalJwt)
    await client.auth.customAuth.sync()
    expect(tokenReads).toBe(readsBefore)
    expect(client.getAuth().status).toBe('unauthenticated')
    expect(events).toEqual(['authenticated:did:privy:user-1:true', 'unauthenticated'])

    cleanup()
    await client.auth.customAuth.sync()
    expect(client.auth.customAuth.getState().status).toBe('not-enabled')
    stopWatching()
  })

  it('honours enabled: false', async () => {
    const cleanup = configureJwtAuth(client, { isAuthenticated: true, isLoading: false, enabled: false }, async () => 'app-token')
    await client.auth.customAuth.sync()
    expect(client.auth.customAuth.getState().status).toBe('not-enabled')
    expect(api.calls(AUTHENTICATE)).toHaveLength(0)
    cleanup()
  })

  it('renders inside the provider without touching the network during a server render', () => {
    const appId = 'tessera-test-app-00000023'
    function Probe() {
      useSubscribeToJwtAuthWithFlag({ isAuthenticated: true, isLoading: false, getExternalJwt: async () => 'app-token' })
      return <output>ok</output>
    }
    expect(
      renderToString(
        <TesseraProvider appId={appId} apiUrl={api.url}>
          <Probe />
        </TesseraProvider>,
      ),
    ).toContain('<output>ok</output>')
    expect(api.calls(AUTHENTICATE)).toHaveLength(0)
    getOrCreateClient({ appId }).destroy()
  })
})
