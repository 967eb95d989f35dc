import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createClient } from '../../client.js'
import { storageKeys } from '../../session/keys.js'
import { createMemoryStorage } from '../../session/storage.js'
import { startFakeApi, type FakeApi } from '../../test-support/api-server.js'
import { apiRoutes } from '../../test-support/fake-routes.js'
import { authResponse, TEST_APP_ID } from '../../test-support/fixtures.js'
import type { ClientEvents, TesseraClient } from '../../types.js'
import { FakeWindow, ORIGIN } from './test-support/fake-window.js'

const flowKey = storageKeys(TEST_APP_ID).oauthFlow
let api: FakeApi
let client: TesseraClient | null = null

beforeEach(async () => {
  api = await startFakeApi(apiRoutes({ 'POST /api/v1/oauth/authenticate': async () => ({ body: await authResponse({ is_new_user: true }) }) }))
})
afterEach(async () => {
  client?.destroy()
  client = null
  vi.unstubAllGlobals()
  await api.close()
})

/** A page that comes back from the provider with a return in its address. */
function returningPage(stored: { stateCode: string } | null, returnedState = 'state-1') {
  const page = new FakeWindow(`${ORIGIN}/?privy_oauth_code=code-1&privy_oauth_state=${returnedState}&privy_oauth_provider=google`)
  if (stored) {
    page.sessionStorage.setItem(
      flowKey,
      JSON.stringify({ provider: 'google', intent: 'login', codeVerifier: 'verifier-1', headless: false, disableSignup: false, ...stored }),
    )
  }
  vi.stubGlobal('window', page)
  return page
}

function startClient() {
  client = createClient({ appId: TEST_APP_ID, apiUrl: api.url, storage: createMemoryStorage(), locks: null, retryDelay: () => 1 })
  return client
}

describe('the client finishes an OAuth redirect by itself', () => {
  it('signs in once the client is ready, and announces a google login', async () => {
    const page = returningPage({ stateCode: 'state-1' })
    const logins: ClientEvents['login'][] = []
    const started = startClient()
    started.on('login', (event) => void logins.push(event))
    await started.ready
    await vi.waitFor(() => expect(started.auth.oauth.getState().status).toBe('done'))
    expect(started.getAuth().status).toBe('authenticated')
    expect(logins).toMatchObject([{ loginMethod: 'google', isNewUser: true }])
    expect(api.calls('/api/v1/oauth/authenticate')[0]!.body).toMatchObject({ authorization_code: 'code-1', state_code: 'state-1', code_verifier: 'verifier-1' })
    expect(page.url.href).toBe(`${ORIGIN}/`)
    expect(page.stored()).toBeNull()
    expect(started.getRecentLoginMethod()).toBe('google')
  })

  it('sends possible_phishing_attempt with the analytics id when the state is not ours', async () => {
    returningPage({ stateCode: 'state-1' }, 'forged-state')
    const started = startClient()
    await started.ready
    await vi.waitFor(() => expect(started.auth.oauth.getState().status).toBe('error'))
    expect(started.auth.oauth.getState().error).toMatchObject({
      code: 'oauth_state_mismatch',
      shortMessage: 'Unexpected auth flow. This may be a phishing attempt.',
    })
    await vi.waitFor(() =>
      expect(api.calls('/api/v1/analytics_events').map((call) => (call.body as { event_name: string }).event_name)).toContain('possible_phishing_attempt'),
    )
    const phishing = api.calls('/api/v1/analytics_events').find((call) => (call.body as { event_name: string }).event_name === 'possible_phishing_attempt')!
    expect(phishing.body).toEqual({ event_name: 'possible_phishing_attempt', client_id: expect.any(String), payload: { flow: 'oauth', provider: 'google' } })
    expect(api.calls('/api/v1/oauth/authenticate')).toHaveLength(0)
    expect(started.getAuth().status).toBe('unauthenticated')
  })
})
