import { createHash, randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CROSS_APP_CODE_TTL_SECONDS, type AppConfigDto, type CrossAppConnectionsResponse } from '../../../../src/protocol/index.js'
import type { AppRecord } from '../../apps/types.js'
import { startTestServer, TEST_ORIGIN, type TestServer } from '../../test-support/test-server.js'

const AUTHORIZE_URL = 'http://provider.test:4000/cross-app'
const TRANSACT_URL = 'http://provider.test:4000/cross-app/transact'

let t: TestServer
/** The test app is the requester; `provider` lets it connect, `readOnlyProvider` read-only, `closedProvider` lets nobody. */
let provider: AppRecord
let readOnlyProvider: AppRecord
let closedProvider: AppRecord
let otherRequester: AppRecord

beforeAll(async () => {
  t = await startTestServer({ app: { loginMethods: ['email', 'cross_app'] } })
  otherRequester = await t.createApp({ name: 'Other requester', allowedOrigins: ['http://other.test'], loginMethods: ['email', 'cross_app'] })
  const providerSettings = (readOnly: boolean, requesters = [t.app.id]) => ({
    authorizeUrl: AUTHORIZE_URL,
    transactUrl: TRANSACT_URL,
    requesters: requesters.map((appId) => ({ appId, readOnly })),
  })
  provider = await t.createApp({
    name: 'Provider',
    logoUrl: 'https://provider.test/logo.png',
    allowedOrigins: ['http://provider.test:4000'],
    crossAppProvider: providerSettings(false),
  })
  readOnlyProvider = await t.createApp({ name: 'Read-only provider', allowedOrigins: ['http://provider.test:4000'], crossAppProvider: providerSettings(true) })
  closedProvider = await t.createApp({ name: 'Closed provider', allowedOrigins: ['http://provider.test:4000'], crossAppProvider: providerSettings(false, []) })
})
afterAll(async () => {
  await t?.close()
})

let emails = 0
/** A fresh provider user signed in at `app` (default: the provider). */
async function providerUser(app = provider): Promise<{ token: string; userId: string }> {
  const login = await t.login(`provider-user-${++emails}-${Date.now()}@example.com`, app.id)
  expect(login.status).toBe(200)
  return { token: login.body.token, userId: login.body.user.id }
}

/** The requester browser's PKCE pair and state code. */
function requesterSecrets() {
  const codeVerifier = randomBytes(36).toString('base64url')
  return { stateCode: randomBytes(36).toString('base64url'), codeVerifier, codeChallenge: createHash('sha256').update(codeVerifier).digest('base64url') }
}

async function authorize(
  user: { token: string },
  secrets = requesterSecrets(),
  options: { providerApp?: AppRecord; requesterAppId?: string; origin?: string } = {},
) {
  const response = await t.call('/api/v1/cross-app/authorize', {
    appId: (options.providerApp ?? provider).id,
    token: user.token,
    body: {
      requester_app_id: options.requesterAppId ?? t.app.id,
      requester_origin: options.origin ?? TEST_ORIGIN,
      state_code: secrets.stateCode,
      code_challenge: secrets.codeChallenge,
    },
  })
  return { response, secrets, code: response.body.authorization_code as string }
}

const redeem = (
  path: 'authenticate' | 'link',
  code: string,
  secrets: ReturnType<typeof requesterSecrets>,
  options: { token?: string; providerAppId?: string; appId?: string } = {},
) =>
  t.call(`/api/v1/cross-app/${path}`, {
    appId: options.appId ?? t.app.id,
    ...(options.token ? { token: options.token } : {}),
    body: {
      provider_app_id: options.providerAppId ?? provider.id,
      authorization_code: code,
      state_code: secrets.stateCode,
      code_verifier: secrets.codeVerifier,
    },
  })

describe('connections and details', () => {
  it('lists the providers that allow this app, with the spec fields', async () => {
    const { status, body } = await t.call<CrossAppConnectionsResponse>(`/api/v1/apps/${t.app.id}/cross-app/connections`, { appId: null })
    expect(status).toBe(200)
    expect(body.connections.map((c) => c.provider_app_id).toSorted()).toEqual([provider.id, readOnlyProvider.id].toSorted())
    expect(body.connections.find((c) => c.provider_app_id === provider.id)).toEqual({
      provider_app_id: provider.id,
      provider_app_name: 'Provider',
      provider_app_icon_url: 'https://provider.test/logo.png',
      provider_app_custom_api_url: null,
      read_only: false,
      provider_app_custom_auth_authorize_url: AUTHORIZE_URL,
      provider_app_custom_auth_transact_url: TRANSACT_URL,
    })
    expect(body.connections.find((c) => c.provider_app_id === readOnlyProvider.id)?.read_only).toBe(true)
    expect((await t.call(`/api/v1/apps/${otherRequester.id}/cross-app/connections`, { appId: null })).body).toEqual({ connections: [] })
  })

  it('puts the connected providers in the app config as login methods only when cross-app login is on', async () => {
    const config = await t.call<AppConfigDto>(`/api/v1/apps/${t.app.id}`, { appId: null })
    expect(config.body.cross_app_login_providers?.map((p) => p.app_id).toSorted()).toEqual([provider.id, readOnlyProvider.id].toSorted())
    expect(config.body.cross_app_login_providers?.find((p) => p.app_id === provider.id)).toEqual({
      app_id: provider.id,
      name: 'Provider',
      icon_url: 'https://provider.test/logo.png',
    })
    const emailOnly = await t.createApp({ name: 'Email only requester', loginMethods: ['email'] })
    await t.createApp({
      ...provider,
      id: provider.id,
      crossAppProvider: {
        ...provider.crossAppProvider!,
        requesters: [
          { appId: t.app.id, readOnly: false },
          { appId: emailOnly.id, readOnly: false },
        ],
      },
    })
    expect((await t.call<AppConfigDto>(`/api/v1/apps/${emailOnly.id}`, { appId: null })).body.cross_app_login_providers).toEqual([])
  })

  it('describes an app as a provider', async () => {
    const { body } = await t.call(`/api/v1/apps/${provider.id}/cross-app/details`, { appId: null })
    expect(body).toEqual({
      id: provider.id,
      name: 'Provider',
      icon_url: 'https://provider.test/logo.png',
      authorize_url: AUTHORIZE_URL,
      transact_url: TRANSACT_URL,
    })
    expect((await t.call('/api/v1/apps/nope/cross-app/details', { appId: null })).status).toBe(404)
  })
})

describe('authorize (the provider page)', () => {
  it('names an allowed requester and refuses one the provider does not allow', async () => {
    const allowed = await t.call(`/api/v1/cross-app/requesters/${t.app.id}`, { appId: provider.id })
    expect(allowed.body).toEqual({ app_id: t.app.id, name: 'Test App', icon_url: null, read_only: false })
    const refused = await t.call(`/api/v1/cross-app/requesters/${otherRequester.id}`, { appId: provider.id })
    expect(refused.status).toBe(403)
    expect(refused.body.code).toBe('cross_app_connection_not_allowed')
  })

  it('needs the provider user signed in, an allowed requester and an origin that requester allows', async () => {
    const noSession = await t.call('/api/v1/cross-app/authorize', {
      appId: provider.id,
      body: { requester_app_id: t.app.id, requester_origin: TEST_ORIGIN, ...requesterSecrets() },
    })
    expect(noSession.status).toBe(401)
    const user = await providerUser()
    const notAllowed = await authorize(user, undefined, { requesterAppId: otherRequester.id, origin: 'http://other.test' })
    expect([notAllowed.response.status, notAllowed.response.body.code]).toEqual([403, 'cross_app_connection_not_allowed'])
    const closed = await authorize(await providerUser(closedProvider), undefined, { providerApp: closedProvider })
    expect([closed.response.status, closed.response.body.code]).toEqual([403, 'cross_app_connection_not_allowed'])
    const foreignOrigin = await authorize(user, undefined, { origin: 'https://evil.test' })
    expect([foreignOrigin.response.status, foreignOrigin.response.body.code]).toEqual([403, 'invalid_origin'])
    // A session of the requester app is no provider session.
    const requesterSession = await providerUser(t.app)
    expect((await authorize(requesterSession)).response.status).toBe(401)
  })

  it('refuses a plain or malformed PKCE challenge', async () => {
    const user = await providerUser()
    const response = await t.call('/api/v1/cross-app/authorize', {
      appId: provider.id,
      token: user.token,
      body: { requester_app_id: t.app.id, requester_origin: TEST_ORIGIN, state_code: requesterSecrets().stateCode, code_challenge: 'plain' },
    })
    expect([response.status, response.body.code]).toEqual([400, 'invalid_data'])
  })
})

describe('sign-in, link and unlink at the requester', () => {
  it('signs in with a cross_app account: subject, provider app and wallets; then the same user again', async () => {
    const user = await providerUser()
    const first = await authorize(user)
    expect(first.response.status).toBe(200)
    expect(first.response.body.requester_origin).toBe(TEST_ORIGIN)
    const login = await redeem('authenticate', first.code, first.secrets)
    expect(login.status).toBe(200)
    expect(login.body.is_new_user).toBe(true)
    expect(login.body.user.linked_accounts).toEqual([
      expect.objectContaining({
        type: 'cross_app',
        subject: user.userId,
        provider_app: { id: provider.id, name: 'Provider', logo_url: 'https://provider.test/logo.png' },
        embedded_wallets: [],
        smart_wallets: [],
      }),
    ])
    const second = await authorize(user)
    const again = await redeem('authenticate', second.code, second.secrets)
    expect(again.body.is_new_user).toBe(false)
    expect(again.body.user.id).toBe(login.body.user.id)
  })

  it('checks the state code and the verifier without spending the code', async () => {
    const { code, secrets } = await authorize(await providerUser())
    const wrongState = await redeem('authenticate', code, { ...secrets, stateCode: requesterSecrets().stateCode })
    expect([wrongState.status, wrongState.body.code, wrongState.body.error]).toEqual([
      400,
      'oauth_state_mismatch',
      'Unexpected auth flow. This may be a phishing attempt.',
    ])
    const wrongVerifier = await redeem('authenticate', code, { ...secrets, codeVerifier: requesterSecrets().codeVerifier })
    expect([wrongVerifier.status, wrongVerifier.body.code]).toEqual([400, 'invalid_pkce_parameters'])
    expect((await redeem('authenticate', code, secrets)).status).toBe(200)
  })

  it('takes a code once: a replay fails and revokes the session the first redemption opened', async () => {
    const { code, secrets } = await authorize(await providerUser())
    const first = await redeem('authenticate', code, secrets)
    expect((await t.call('/api/v1/users/me', { token: first.body.token })).status).toBe(200)
    const replay = await redeem('authenticate', code, secrets)
    expect([replay.status, replay.body.code, replay.body.error]).toEqual([400, 'invalid_credentials', 'Invalid code during cross-app auth flow.'])
    expect((await t.call('/api/v1/users/me', { token: first.body.token })).status).toBe(401)
  })

  it('refuses an expired code, and a code for another provider or requester', async () => {
    const user = await providerUser()
    const expired = await authorize(user)
    t.clock.advance(CROSS_APP_CODE_TTL_SECONDS + 1)
    expect((await redeem('authenticate', expired.code, expired.secrets)).body.code).toBe('invalid_credentials')
    const code = await authorize(user)
    expect((await redeem('authenticate', code.code, code.secrets, { providerAppId: readOnlyProvider.id })).body.code).toBe('invalid_credentials')
    // The other requester is not connected to the provider at all; the code is bound to the test app anyway.
    expect((await redeem('authenticate', code.code, code.secrets, { appId: otherRequester.id })).body.code).toBe('cross_app_connection_not_allowed')
    expect((await redeem('authenticate', code.code, code.secrets)).status).toBe(200)
  })

  it('refuses a code once the provider stops allowing the requester', async () => {
    const volatile = await t.createApp({
      name: 'Volatile provider',
      allowedOrigins: [],
      crossAppProvider: { authorizeUrl: AUTHORIZE_URL, transactUrl: null, requesters: [{ appId: t.app.id, readOnly: false }] },
    })
    const { code, secrets } = await authorize(await providerUser(volatile), undefined, { providerApp: volatile })
    await t.createApp({ ...volatile, crossAppProvider: { ...volatile.crossAppProvider!, requesters: [] } })
    const response = await redeem('authenticate', code, secrets, { providerAppId: volatile.id })
    expect([response.status, response.body.code]).toEqual([403, 'cross_app_connection_not_allowed'])
  })

  it('links and unlinks a provider account for a signed-in user', async () => {
    const requesterUser = await providerUser(t.app)
    const user = await providerUser()
    const { code, secrets } = await authorize(user)
    const unauthenticated = await redeem('link', code, secrets)
    expect(unauthenticated.status).toBe(401)
    const linked = await redeem('link', code, secrets, { token: requesterUser.token })
    expect(linked.status).toBe(200)
    expect(linked.body.linked_accounts.map((a: { type: string }) => a.type)).toEqual(['email', 'cross_app'])
    const unlinked = await t.call('/api/v1/cross-app/unlink', { token: requesterUser.token, body: { provider_app_id: provider.id, subject: user.userId } })
    expect(unlinked.status).toBe(200)
    expect(unlinked.body.linked_accounts.map((a: { type: string }) => a.type)).toEqual(['email'])
    const again = await t.call('/api/v1/cross-app/unlink', { token: requesterUser.token, body: { provider_app_id: provider.id, subject: user.userId } })
    expect([again.status, again.body.code]).toEqual([404, 'linked_account_not_found'])
  })
})

describe('account transfer', () => {
  it('offers a provider account another requester user holds, and moves it on redemption', async () => {
    const providerAccount = await providerUser()
    const first = await authorize(providerAccount)
    const holder = await redeem('authenticate', first.code, first.secrets)
    const other = await providerUser(t.app)
    const second = await authorize(providerAccount)
    const refused = await redeem('link', second.code, second.secrets, { token: other.token })
    expect([refused.status, refused.body.code]).toEqual([400, 'account_transfer_required'])
    const moved = await t.call('/api/v1/cross-app/transfer', { token: other.token, body: { nonce: refused.body.data.nonce } })
    expect(moved.status).toBe(200)
    expect(moved.body.linked_accounts.find((a: { type: string }) => a.type === 'cross_app')?.subject).toBe(providerAccount.userId)
    expect((await t.call('/api/v1/users/me', { token: holder.body.token })).status).toBe(401)
  })
})

describe('transact', () => {
  async function signedInWith(providerApp: AppRecord) {
    const { code, secrets } = await authorize(await providerUser(providerApp), undefined, { providerApp })
    return (await redeem('authenticate', code, secrets, { providerAppId: providerApp.id })).body.token as string
  }

  it('is refused against a read-only provider, and allowed against a writable one', async () => {
    const readOnly = await t.call('/api/v1/cross-app/transact/init', {
      token: await signedInWith(readOnlyProvider),
      body: { provider_app_id: readOnlyProvider.id },
    })
    expect([readOnly.status, readOnly.body.code, readOnly.body.error]).toEqual([
      403,
      'cross_app_connection_not_allowed',
      'Cannot transact against a read-only provider app',
    ])
    const writable = await t.call('/api/v1/cross-app/transact/init', { token: await signedInWith(provider), body: { provider_app_id: provider.id } })
    expect(writable.body).toEqual({ transact_url: TRANSACT_URL })
  })

  it("lets the provider's transact page check the requester and the origin it would answer", async () => {
    const user = await providerUser()
    const check = (body: Record<string, unknown>, token: string | null = user.token) =>
      t.call('/api/v1/cross-app/transact/requester', { appId: provider.id, token: token ?? undefined, body })
    const allowed = await check({ requester_app_id: t.app.id, requester_origin: TEST_ORIGIN })
    expect(allowed.body).toEqual({ app_id: t.app.id, name: 'Test App', icon_url: null, read_only: false })
    const foreign = await check({ requester_app_id: t.app.id, requester_origin: 'https://evil.test' })
    expect([foreign.status, foreign.body.code]).toEqual([403, 'invalid_origin'])
    const notConnected = await check({ requester_app_id: otherRequester.id, requester_origin: TEST_ORIGIN })
    expect([notConnected.status, notConnected.body.code]).toEqual([403, 'cross_app_connection_not_allowed'])
    expect((await check({ requester_app_id: t.app.id, requester_origin: TEST_ORIGIN }, null)).status).toBe(401)
  })

  it('needs a linked account of that provider', async () => {
    const requesterUser = await providerUser(t.app)
    const response = await t.call('/api/v1/cross-app/transact/init', { token: requesterUser.token, body: { provider_app_id: provider.id } })
    expect([response.status, response.body.error]).toEqual([403, 'Transactions require a valid token'])
  })
})
