import { renderToString } from 'react-dom/server'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { AuthenticatedUserDto } from '../../src/protocol/index.js'
import { createMemoryStorage, getOrCreateClient, type TesseraClient } from '../../src/core/index.js'
import { startFakeApi, type FakeApi } from '../../src/core/test-support/api-server.js'
import { apiRoutes } from '../../src/core/test-support/fake-routes.js'
import { authResponse, TEST_APP_ID, TEST_OTP, userDto } from '../../src/core/test-support/fixtures.js'
import { TesseraProvider, useIdentityToken, useToken } from '../index.js'
import { watchAccessTokens } from './use-token.js'

let api: FakeApi
let client: TesseraClient | null = null
let issued: AuthenticatedUserDto | null = null

beforeEach(async () => {
  api = await startFakeApi(
    apiRoutes({
      'POST /api/v1/passwordless/authenticate': async () => ({ body: (issued = await authResponse({ user: userDto() })) }),
    }),
  )
  client = getOrCreateClient({ appId: TEST_APP_ID, apiUrl: api.url, storage: createMemoryStorage() })
  await client.ready
})
afterEach(async () => {
  client?.destroy()
  await api.close()
})

async function signIn() {
  await client!.auth.email.sendCode('ada@example.com')
  await client!.auth.email.loginWithCode(TEST_OTP)
}

function renderIdentityToken(): string | null {
  let identityToken: string | null = 'unrendered'
  function Probe() {
    identityToken = useIdentityToken().identityToken
    useToken({ onAccessTokenGranted: () => undefined })
    return null
  }
  renderToString(
    <TesseraProvider appId={TEST_APP_ID} apiUrl={api.url}>
      <Probe />
    </TesseraProvider>,
  )
  return identityToken
}

describe('useIdentityToken', () => {
  it('is null signed out, the identity token the login issued once signed in, and null again after logout', async () => {
    expect(renderIdentityToken()).toBeNull()
    await signIn()
    expect(renderIdentityToken()).toBe(issued!.identity_token)
    await client!.logout()
    expect(renderIdentityToken()).toBeNull()
  })
})

describe('useToken callbacks', () => {
  it('onAccessTokenGranted gets the login’s access token, onAccessTokenRemoved runs at logout; the latest callbacks answer and none after cleanup', async () => {
    const heard: string[] = []
    let callbacks = { onAccessTokenGranted: () => void heard.push('stale'), onAccessTokenRemoved: () => void heard.push('stale') }
    const stop = watchAccessTokens(client!, () => callbacks)
    callbacks = {
      onAccessTokenGranted: ({ accessToken }: { accessToken: string }) => void heard.push(`granted:${accessToken}`),
      onAccessTokenRemoved: () => void heard.push('removed'),
    } as typeof callbacks
    await signIn()
    await client!.logout()
    expect(heard).toEqual([`granted:${issued!.token}`, 'removed'])
    stop()
    await signIn()
    expect(heard).toHaveLength(2)
  })
})
