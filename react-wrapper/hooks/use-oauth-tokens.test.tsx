import { renderToString } from 'react-dom/server'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createMemoryStorage, getOrCreateClient, type OAuthTokens, type TesseraClient } from '../../src/core/index.js'
import { startFakeApi, type FakeApi } from '../../src/core/test-support/api-server.js'
import { apiRoutes } from '../../src/core/test-support/fake-routes.js'
import { authResponse, TEST_APP_ID, TEST_OTP, userDto } from '../../src/core/test-support/fixtures.js'
import { TesseraProvider, useOAuthTokens, type UseOAuthTokensResult } from '../index.js'
import { watchOAuthTokenGrants } from './use-oauth-tokens.js'

const providerTokens = { provider: 'github', access_token: 'gho_provider', scopes: ['read:user'] }
let api: FakeApi
let client: TesseraClient | null = null

beforeEach(async () => {
  api = await startFakeApi(
    apiRoutes({
      // The answer of a login whose provider granted tokens (the server adds them to OAuth logins only).
      'POST /api/v1/passwordless/authenticate': async () => ({ body: await authResponse({ user: userDto(), oauth_tokens: providerTokens }) }),
    }),
  )
  client = getOrCreateClient({ appId: TEST_APP_ID, apiUrl: api.url, storage: createMemoryStorage() })
  await client.ready
})
afterEach(async () => {
  client?.destroy()
  await api.close()
})

describe('useOAuthTokens', () => {
  it('onOAuthTokenGrant gets the provider tokens once per grant, with the signed-in user', async () => {
    const grants: { oAuthTokens: OAuthTokens; userId: string }[] = []
    const stop = watchOAuthTokenGrants(client!, () => ({ onOAuthTokenGrant: ({ oAuthTokens, user }) => void grants.push({ oAuthTokens, userId: user.id }) }))
    await client!.auth.email.sendCode('ada@example.com')
    await client!.auth.email.loginWithCode(TEST_OTP)
    expect(grants).toEqual([
      { oAuthTokens: expect.objectContaining({ provider: 'github', accessToken: 'gho_provider', scopes: ['read:user'] }), userId: client!.getAuth().user!.id },
    ])
    stop()
  })

  it('renders with reauthorize, which refuses while signed out (it links the provider again)', async () => {
    let result: UseOAuthTokensResult | null = null
    function Probe() {
      result = useOAuthTokens({ onOAuthTokenGrant: () => undefined })
      return null
    }
    renderToString(
      <TesseraProvider appId={TEST_APP_ID} apiUrl={api.url}>
        <Probe />
      </TesseraProvider>,
    )
    await expect(result!.reauthorize({ provider: 'github' })).rejects.toMatchObject({ code: 'must_be_authenticated' })
  })
})
