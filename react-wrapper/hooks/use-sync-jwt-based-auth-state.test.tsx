import { renderToString } from 'react-dom/server'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createMemoryStorage, getOrCreateClient, type TesseraClient, type User } from '../../src/core/index.js'
import { startFakeApi, type FakeApi } from '../../src/core/test-support/api-server.js'
import { apiRoutes } from '../../src/core/test-support/fake-routes.js'
import { appConfigDto, authResponse, TEST_APP_ID, TEST_OTP, userDto } from '../../src/core/test-support/fixtures.js'
import { TesseraProvider, useLinkJwtAccount, useSyncJwtBasedAuthState, type UseLinkJwtAccountResult } from '../index.js'
import { syncJwtBasedAuthState, type UseSyncJwtBasedAuthStateInput } from './use-sync-jwt-based-auth-state.js'

const AUTHENTICATE = '/api/v1/custom_jwt_account/authenticate'
const LINK = '/api/v1/custom_jwt_account/link'
const at = 1_700_000_000
const customAccount = { type: 'custom_auth' as const, custom_user_id: 'idp-7', verified_at: at, first_verified_at: at, latest_verified_at: at }
let api: FakeApi
let client: TesseraClient

beforeEach(async () => {
  api = await startFakeApi(
    apiRoutes({
      [`GET /api/v1/apps/${TEST_APP_ID}`]: () => ({ body: appConfigDto({ custom_jwt_auth: true }) }),
      [`POST ${AUTHENTICATE}`]: async (request) =>
        (request.body as { token: string }).token === 'expired'
          ? { status: 401, body: { error: 'Invalid JWT token', code: 'invalid_credentials' } }
          : { body: await authResponse({ is_new_user: true, user: userDto({ linked_accounts: [customAccount] }) }) },
      [`POST ${LINK}`]: () => ({ body: userDto({ linked_accounts: [...userDto().linked_accounts, customAccount] }) }),
    }),
  )
  client = getOrCreateClient({ appId: TEST_APP_ID, apiUrl: api.url, storage: createMemoryStorage() })
  await client.ready
})
afterEach(async () => {
  client.destroy()
  await api.close()
})

/** The app's own auth: a JWT or none, and listeners it tells of each change. */
function externalAuth(initial: string | undefined) {
  let jwt = initial
  const listeners = new Set<() => void>()
  return {
    subscribe: (listener: () => void) => (listeners.add(listener), () => void listeners.delete(listener)),
    getExternalJwt: async () => jwt,
    set(next: string | undefined) {
      jwt = next
      for (const listener of listeners) listener()
    },
    listenerCount: () => listeners.size,
  }
}

describe('useSyncJwtBasedAuthState', () => {
  it("signs in with the app's JWT, follows its sign-out through subscribe, reports errors, and stops on cleanup", async () => {
    const app = externalAuth('app-jwt')
    const events: string[] = []
    const input: UseSyncJwtBasedAuthStateInput = {
      subscribe: app.subscribe,
      getExternalJwt: app.getExternalJwt,
      onAuthenticated: ({ user, isNewUser }: { user: User; isNewUser: boolean }) => void events.push(`authenticated:${user.id}:${isNewUser}`),
      onUnauthenticated: () => void events.push('unauthenticated'),
      onError: (error: Error) => void events.push(`error:${(error as { code?: string }).code}`),
    }
    const stop = syncJwtBasedAuthState(client, app.subscribe, undefined, () => input)
    await vi.waitFor(() => expect(client.getAuth().status).toBe('authenticated'))
    expect(api.calls(AUTHENTICATE).map((request) => request.body)).toEqual([{ token: 'app-jwt', mode: 'login-or-sign-up' }])

    app.set(undefined)
    await vi.waitFor(() => expect(client.getAuth().status).toBe('unauthenticated'))

    app.set('expired')
    await vi.waitFor(() => expect(client.auth.customAuth.getState().status).toBe('error'))
    expect(events).toEqual(['authenticated:did:privy:user-1:true', 'unauthenticated', 'error:invalid_credentials'])

    stop()
    expect(app.listenerCount()).toBe(0)
    await client.auth.customAuth.sync()
    expect(client.auth.customAuth.getState().status).toBe('not-enabled')
  })

  it('renders the custom-auth state inside the provider without touching the network during a server render', () => {
    const appId = 'tessera-test-app-00000041'
    let status = ''
    function Probe() {
      status = useSyncJwtBasedAuthState({ subscribe: () => () => undefined, getExternalJwt: async () => 'app-jwt' }).state.status
      return null
    }
    renderToString(
      <TesseraProvider appId={appId} apiUrl={api.url}>
        <Probe />
      </TesseraProvider>,
    )
    expect(status).toBe('initial')
    expect(api.calls(AUTHENTICATE)).toHaveLength(0)
    getOrCreateClient({ appId }).destroy()
  })
})

describe('useLinkJwtAccount', () => {
  it('links the JWT the app passes to the signed-in user and calls onSuccess; signed out it reports must_be_authenticated', async () => {
    const hooks = {} as { link: UseLinkJwtAccountResult }
    const linked: User[] = []
    const errors: string[] = []
    function Probe() {
      hooks.link = useLinkJwtAccount({ onSuccess: ({ user }) => void linked.push(user), onError: (error) => void errors.push(error.code) })
      return null
    }
    renderToString(
      <TesseraProvider appId={TEST_APP_ID} apiUrl={api.url}>
        <Probe />
      </TesseraProvider>,
    )
    expect(hooks.link.state).toEqual({ status: 'initial' })
    expect(await hooks.link.linkWithCustomJwt('app-jwt')).toBeUndefined()
    expect(errors).toEqual(['must_be_authenticated'])

    await client.auth.email.sendCode('ada@example.com')
    await client.auth.email.loginWithCode(TEST_OTP)
    const result = await hooks.link.linkWithCustomJwt('app-jwt')
    expect(result!.user.linkedAccounts).toContainEqual(expect.objectContaining({ type: 'custom_auth', customUserId: 'idp-7' }))
    expect(linked).toEqual([result!.user])
    expect(api.calls(LINK).map((request) => request.body)).toEqual([{ token: 'app-jwt' }])
  })
})
