import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app.js'
import { loginMethodNames } from '../auth/login-methods.js'
import { createServerContext } from '../server.js'
import { startTestServer, type TestServer } from '../test-support/test-server.js'

let t: TestServer
// Every method on, so each endpoint reaches its body parsing instead of stopping at 'method not allowed'.
beforeAll(async () => {
  t = await startTestServer({
    app: {
      loginMethods: [...loginMethodNames],
      oauthProviders: { google: { clientId: 'robustness-client', clientSecret: 'robustness-secret' } },
      oauthRedirectUrls: ['http://allowed.test:3000/'],
      customJwt: { jwksUrl: 'http://127.0.0.1:9/jwks.json', publicKeyPem: null, issuer: null, audience: null, userIdClaim: 'sub' },
      telegram: { botId: '1', botName: 'robustness_bot', botToken: '1:robustness-bot-token-0123456789', linkEnabled: true, seamlessAuthEnabled: true },
    },
  })
})
afterAll(async () => {
  await t?.close()
})

const postEndpoints = [
  '/api/v1/analytics_events',
  '/api/v1/passwordless/init',
  '/api/v1/passwordless/authenticate',
  '/api/v1/passwordless/link',
  '/api/v1/passwordless/unlink',
  '/api/v1/passwordless/update',
  '/api/v1/passwordless/transfer',
  '/api/v1/passwordless_sms/init',
  '/api/v1/passwordless_sms/authenticate',
  '/api/v1/passwordless_sms/link',
  '/api/v1/passwordless_sms/unlink',
  '/api/v1/passwordless_sms/update',
  '/api/v1/passwordless_sms/transfer',
  '/api/v1/oauth/init',
  '/api/v1/oauth/authenticate',
  '/api/v1/oauth/link',
  '/api/v1/oauth/unlink',
  '/api/v1/oauth/transfer',
  '/api/v1/oauth/callback/google',
  '/api/v1/custom_jwt_account/authenticate',
  '/api/v1/custom_jwt_account/link',
  '/api/v1/guest/authenticate',
  '/api/v1/siwe/init',
  '/api/v1/siwe/authenticate',
  '/api/v1/siwe/link',
  '/api/v1/siwe/link_smart_wallet',
  '/api/v1/siwe/unlink',
  '/api/v1/siwe/transfer',
  '/api/v1/siws/init',
  '/api/v1/siws/authenticate',
  '/api/v1/siws/link',
  '/api/v1/siws/unlink',
  '/api/v1/siws/transfer',
  '/api/v1/telegram/authenticate',
  '/api/v1/telegram/link',
  '/api/v1/telegram/unlink',
  '/api/v1/telegram/transfer',
  '/api/v1/farcaster/init',
  '/api/v1/farcaster/authenticate',
  '/api/v1/farcaster/link',
  '/api/v1/farcaster/unlink',
  '/api/v1/farcaster/transfer',
  '/api/v1/farcaster/v2/init',
  '/api/v1/farcaster/v2/authenticate',
  '/api/v1/farcaster/channel/authenticate',
  '/api/v1/farcaster/signer/init',
  '/api/v1/farcaster/signer/status',
  '/api/v1/cross-app/authorize',
  '/api/v1/cross-app/authenticate',
  '/api/v1/cross-app/link',
  '/api/v1/cross-app/unlink',
  '/api/v1/cross-app/transfer',
  '/api/v1/cross-app/transact/init',
  '/api/v1/cross-app/transact/requester',
  '/api/v1/passkeys/register/init',
  '/api/v1/passkeys/register',
  '/api/v1/passkeys/authenticate/init',
  '/api/v1/passkeys/authenticate',
  '/api/v1/passkeys/link/init',
  '/api/v1/passkeys/link',
  '/api/v1/passkeys/unlink',
  '/api/v1/sessions',
  '/api/v1/sessions/logout',
  '/api/v1/users/me/accept_terms',
  '/api/v1/embedded_wallets',
  '/api/v1/embedded_wallets/add',
  '/api/v1/embedded_wallets/0xC858008DaFBeB13d853bF211FD54bb2E849415e1/auth_share',
  '/api/v1/embedded_wallets/0xC858008DaFBeB13d853bF211FD54bb2E849415e1/recovery/key_material',
  '/api/v1/embedded_wallets/0xC858008DaFBeB13d853bF211FD54bb2E849415e1/reshare',
]

const deepNesting = '['.repeat(50_000) + ']'.repeat(50_000)
const badBodies: Record<string, string> = {
  'malformed JSON': '{"email": ',
  'a JSON array': '[1,2,3]',
  'a JSON string': '"hello"',
  'wrong types': JSON.stringify({
    email: 12,
    code: ['1'],
    refresh_token: {},
    event_name: 5,
    address: null,
    oldAddress: 1,
    newAddress: true,
    mode: 'sideways',
    phoneNumber: 5,
    old_phone_number: [],
    new_phone_number: {},
    provider: 'myspace',
    redirect_to: 7,
    code_challenge: false,
    state_code: 1,
    authorization_code: null,
    code_verifier: 3,
    subject: [],
    token: 9,
    guest_credential: {},
    nonce: 1,
    userInfo: 'x',
    telegram_auth_result: 'x',
    telegram_web_app_data: [1],
    telegram_user_id: 5,
    channel_token: 1,
    message: {},
    signature: 5,
    fid: 'x',
    relying_party: [],
  }),
  'NUL strings': JSON.stringify({
    email: 'a\u0000@b.co',
    code: '12\u00003456',
    refresh_token: 'x\u0000',
    event_name: 'e\u0000',
    address: 'a\u0000@b.co',
    phoneNumber: '+1650\u00002530000',
    provider: 'google\u0000',
    redirect_to: 'http://allowed.test:3000/\u0000',
    code_challenge: 'a\u0000',
    state_code: 's\u0000',
    authorization_code: 'c\u0000',
    code_verifier: 'v\u0000',
    token: 'a.b\u0000.c',
    guest_credential: 'g\u0000',
    nonce: 'n\u0000',
    telegram_auth_result: { id: '1\u0000', hash: 'h\u0000' },
    telegram_user_id: '1\u0000',
    channel_token: 'c\u0000',
    message: 'm\u0000',
    signature: '0x\u0000',
    fid: 1,
  }),
  'overlong unicode': JSON.stringify({
    email: `${'é'.repeat(5000)}@b.co`,
    code: '𝟙'.repeat(4000),
    refresh_token: '\uD800'.repeat(1000),
    event_name: 'x'.repeat(10_000),
  }),
  'deep nesting': deepNesting,
  'deep object in a field': JSON.stringify({ event_name: 'x', payload: JSON.parse(`${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`) }),
}

describe('bad input gets 4xx, never 5xx', () => {
  for (const [label, body] of Object.entries(badBodies)) {
    it(`handles ${label} on every endpoint`, async () => {
      for (const path of postEndpoints) {
        const response = await t.call(path, { rawBody: body })
        expect(response.status, `${path} with ${label}`).toBeLessThan(500)
        // A deep object in an unknown or free-form field is valid JSON that endpoints may ignore or accept.
        if (label === 'deep object in a field') continue
        expect(response.status, `${path} with ${label}`).toBeGreaterThanOrEqual(400)
        expect(response.body).toEqual({ error: expect.any(String), code: expect.any(String) })
      }
    })
  }

  it('refuses a 10 MB body with 413 payload_too_large', async () => {
    const huge = JSON.stringify({ email: 'a@b.co', padding: 'x'.repeat(10 * 1024 * 1024) })
    for (const path of ['/api/v1/passwordless/init', '/api/v1/analytics_events']) {
      const response = await t.call(path, { rawBody: huge })
      expect(response.status).toBe(413)
      expect(response.body.code).toBe('payload_too_large')
    }
  })

  it('returns 400 invalid_data for missing fields', async () => {
    const init = await t.call('/api/v1/passwordless/init', { body: {} })
    expect(init.status).toBe(400)
    expect(init.body.code).toBe('invalid_data')
    const authenticate = await t.call('/api/v1/passwordless/authenticate', { body: { email: 'a@b.co' } })
    expect(authenticate.status).toBe(400)
    expect(authenticate.body.code).toBe('invalid_data')
  })

  it('answers unknown routes with 404 not_found and stays up', async () => {
    const response = await t.call('/api/v1/nothing-here', { body: {} })
    expect(response.status).toBe(404)
    expect(response.body.code).toBe('not_found')
    expect((await t.call(`/api/v1/apps/${t.app.id}`)).status).toBe(200)
  })

  it('has no dev outbox outside dev mode', async () => {
    expect((await t.call('/dev/outbox.json', { appId: null })).status).toBe(404)
    expect((await t.call('/dev/outbox', { appId: null })).status).toBe(404)
  })
})

describe('client IP', () => {
  it('fails closed with 429 when no client IP can be derived', async () => {
    // An in-process request has no socket, hence no address.
    const ctx = await createServerContext({ quiet: true }, { db: t.db, clock: t.clock, delivery: t.inbox })
    const response = await createApp(ctx).request('/api/v1/passwordless/init', {
      method: 'POST',
      headers: { 'privy-app-id': t.app.id, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'noip@example.com' }),
    })
    expect(response.status).toBe(429)
    expect((await response.json()).code).toBe('too_many_requests')
    expect(t.inbox.messages.some((m) => m.to === 'noip@example.com')).toBe(false)
  })
})
