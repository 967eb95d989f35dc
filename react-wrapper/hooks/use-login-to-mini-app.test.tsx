/** The hooks' wiring over core `farcaster.initV2` / `loginV2` (their work against the real routes: server/src/auth/farcaster/farcaster-v2-client.test.ts). */
import { renderToString } from 'react-dom/server'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createMemoryStorage, getOrCreateClient, type TesseraClient } from '../../src/core/index.js'
import { startFakeApi, type FakeApi } from '../../src/core/test-support/api-server.js'
import { apiRoutes } from '../../src/core/test-support/fake-routes.js'
import { authResponse, TEST_APP_ID, userDto } from '../../src/core/test-support/fixtures.js'
import { TesseraProvider, useLoginToMiniApp, useLoginWithFarcasterV2, type UseLoginToMiniAppResult, type UseLoginWithFarcasterV2Result } from '../index.js'

const message =
  'miniapp.example wants you to sign in with your Ethereum account:\n0x0000000000000000000000000000000000000001\n\nFarcaster Auth\n\nURI: https://miniapp.example/\nVersion: 1\nChain ID: 10\nNonce: abcdefgh12345678\nIssued At: 2026-11-27T00:00:00.000Z\nResources:\n- farcaster://fid/4242'
let api: FakeApi
let client: TesseraClient | null = null

beforeEach(async () => {
  api = await startFakeApi(
    apiRoutes({
      'POST /api/v1/farcaster/v2/init': () => ({ body: { nonce: 'abcdefgh12345678', expires_at: '2026-11-27T00:10:00.000Z' } }),
      'POST /api/v1/farcaster/v2/authenticate': async () => ({ body: await authResponse({ user: userDto() }) }),
    }),
  )
  client = getOrCreateClient({ appId: TEST_APP_ID, apiUrl: api.url, storage: createMemoryStorage() })
  await client.ready
})
afterEach(async () => {
  client?.destroy()
  await api.close()
})

function render() {
  const hooks = {} as { v2: UseLoginWithFarcasterV2Result; miniApp: UseLoginToMiniAppResult }
  function Probe() {
    hooks.v2 = useLoginWithFarcasterV2()
    hooks.miniApp = useLoginToMiniApp()
    return null
  }
  renderToString(
    <TesseraProvider appId={TEST_APP_ID} apiUrl={api.url}>
      <Probe />
    </TesseraProvider>,
  )
  return hooks
}

describe('useLoginToMiniApp and useLoginWithFarcasterV2', () => {
  it('the mini app login sends the fid its message names; the v2 login answers { user }', async () => {
    const { v2, miniApp } = render()
    expect(await miniApp.initLoginToMiniApp()).toEqual({ nonce: 'abcdefgh12345678' })
    const user = await miniApp.loginToMiniApp({ message, signature: '0xabcd' })
    expect(user?.id).toBe(client!.getAuth().user!.id)
    expect(api.calls('/api/v1/farcaster/v2/authenticate')[0]!.body).toEqual({ message, signature: '0xabcd', fid: 4242, mode: 'login-or-sign-up' })

    await client!.logout()
    expect(await v2.init()).toEqual({ nonce: 'abcdefgh12345678', expiresAt: '2026-11-27T00:10:00.000Z' })
    expect(await v2.login({ fid: 4242, message, signature: '0xabcd' })).toEqual({ user: client!.getAuth().user })
  })
})
