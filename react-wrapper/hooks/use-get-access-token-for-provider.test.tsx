import { renderToString } from 'react-dom/server'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { LinkedAccountDto } from '../../src/protocol/index.js'
import { createMemoryStorage, getOrCreateClient, type TesseraClient, type TokenStorage } from '../../src/core/index.js'
import { startFakeApi, type FakeApi } from '../../src/core/test-support/api-server.js'
import { apiRoutes } from '../../src/core/test-support/fake-routes.js'
import { authResponse, TEST_APP_ID, TEST_OTP, userDto } from '../../src/core/test-support/fixtures.js'
import { TesseraProvider, useGetAccessTokenForProvider } from '../index.js'
import { providerAccessTokens } from './use-get-access-token-for-provider.js'

const PROVIDER_ID = 'provider-app-000000000001'
const crossAppAccount: LinkedAccountDto = {
  type: 'cross_app',
  subject: 'did:privy:provider-user',
  embedded_wallets: [],
  smart_wallets: [],
  provider_app: { id: PROVIDER_ID, name: 'Provider' },
  verified_at: 1_700_000_000,
  first_verified_at: null,
  latest_verified_at: null,
}
let api: FakeApi
let client: TesseraClient | null = null
let storage: TokenStorage

beforeEach(async () => {
  api = await startFakeApi(
    apiRoutes({
      'POST /api/v1/passwordless/authenticate': async () => ({
        body: await authResponse({ user: userDto({ linked_accounts: [...userDto().linked_accounts, crossAppAccount] }) }),
      }),
    }),
  )
  storage = createMemoryStorage()
  client = getOrCreateClient({ appId: TEST_APP_ID, apiUrl: api.url, storage })
  await client.ready
})
afterEach(async () => {
  client?.destroy()
  await api.close()
})

describe('useGetAccessTokenForProvider', () => {
  it('reads the token each cross-app provider gave the signed-in user (none signed out); the hook answers synchronously, null before they load', async () => {
    expect(await providerAccessTokens(client!)).toEqual({})
    // The token a cross-app login stored (the flow's own tests hold how it gets there).
    await storage.put(`tessera:${TEST_APP_ID}:cross_app_token:${userDto().id}:${PROVIDER_ID}`, 'provider-token-1')
    await client!.auth.email.sendCode('ada@example.com')
    await client!.auth.email.loginWithCode(TEST_OTP)
    expect(await providerAccessTokens(client!)).toEqual({ [PROVIDER_ID]: 'provider-token-1' })

    let answer: unknown = 'unrendered'
    function Probe() {
      answer = useGetAccessTokenForProvider().getAccessTokenForProvider({ appId: PROVIDER_ID })
      return null
    }
    renderToString(
      <TesseraProvider appId={TEST_APP_ID} apiUrl={api.url}>
        <Probe />
      </TesseraProvider>,
    )
    expect(answer).toEqual({ token: null })
  })
})
