import { randomBytes } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { exportJWK, exportSPKI, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppRecord } from '../../apps/types.js'
import type { CustomJwtSettings } from './settings.js'
import { startTestServer, type TestServer } from '../../test-support/test-server.js'

const ISSUER = 'https://idp.example'
const AUDIENCE = 'tessera-demo'

let t: TestServer
let jwks: Server
let jwksUrl: string
let jwksRequests = 0
let ecKey: CryptoKey
let rsaKey: CryptoKey
let rsaPem: string
let pemApp: AppRecord

const settings = (overrides: Partial<CustomJwtSettings>): CustomJwtSettings => ({
  jwksUrl: null,
  publicKeyPem: null,
  issuer: ISSUER,
  audience: AUDIENCE,
  userIdClaim: 'sub',
  ...overrides,
})

beforeAll(async () => {
  const ec = await generateKeyPair('ES256')
  const rsa = await generateKeyPair('RS256', { extractable: true })
  ecKey = ec.privateKey
  rsaKey = rsa.privateKey
  rsaPem = await exportSPKI(rsa.publicKey)
  const publicJwk = { ...(await exportJWK(ec.publicKey)), kid: 'idp-1', alg: 'ES256', use: 'sig' }
  // The app's identity provider: a key set on loopback, as a real one would serve it.
  jwks = createServer((_req, res) => {
    jwksRequests++
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ keys: [publicJwk] }))
  })
  await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve))
  jwksUrl = `http://127.0.0.1:${(jwks.address() as AddressInfo).port}/.well-known/jwks.json`
  t = await startTestServer({ app: { loginMethods: ['email', 'custom_jwt', 'guest'], customJwt: settings({ jwksUrl }) } })
  pemApp = await t.createApp({ name: 'PEM app', loginMethods: ['custom_jwt'], customJwt: settings({ publicKeyPem: rsaPem, userIdClaim: 'uid' }) })
})
afterAll(async () => {
  await t?.close()
  await new Promise((resolve) => jwks?.close(resolve))
})

const nowSeconds = () => Math.floor(t.clock.now() / 1000)
let counter = 0
const freshUserId = () => `idp-user-${++counter}-${randomBytes(4).toString('hex')}`

async function idpToken(claims: JWTPayload, options: { key?: CryptoKey; alg?: string; kid?: string; ttl?: number | null; iss?: string; aud?: string } = {}) {
  const jwt = new SignJWT(claims)
    .setProtectedHeader({ alg: options.alg ?? 'ES256', kid: options.kid ?? 'idp-1' })
    .setIssuer(options.iss ?? ISSUER)
    .setAudience(options.aud ?? AUDIENCE)
    .setIssuedAt(nowSeconds())
  if (options.ttl !== null) jwt.setExpirationTime(nowSeconds() + (options.ttl ?? 300))
  return jwt.sign(options.key ?? ecKey)
}

const authenticate = (token: string, extra: { appId?: string; mode?: string } = {}) =>
  t.call('/api/v1/custom_jwt_account/authenticate', {
    body: { token, ...(extra.mode ? { mode: extra.mode } : {}) },
    ...(extra.appId ? { appId: extra.appId } : {}),
  })
const link = (token: string, accessToken: string) => t.call('/api/v1/custom_jwt_account/link', { body: { token }, token: accessToken })

const expectInvalidJwt = (response: { status: number; body: unknown }) => {
  expect(response.status).toBe(400)
  expect(response.body).toEqual({ error: 'Invalid JWT', code: 'invalid_credentials' })
}

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')

describe('custom JWT sign-in (remote key set)', () => {
  it('signs a new user in by the user-id claim, then the same user again', async () => {
    const sub = freshUserId()
    const first = await authenticate(await idpToken({ sub }))
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({ is_new_user: true, session_update_action: 'set', user: { is_guest: false } })
    expect(first.body.user.linked_accounts).toEqual([expect.objectContaining({ type: 'custom_auth', custom_user_id: sub })])
    const second = await authenticate(await idpToken({ sub }))
    expect(second.body).toMatchObject({ is_new_user: false, user: { id: first.body.user.id } })
  })

  it('caches the key set across requests', async () => {
    const before = jwksRequests
    await authenticate(await idpToken({ sub: freshUserId() }))
    await authenticate(await idpToken({ sub: freshUserId() }))
    expect(jwksRequests - before).toBe(0)
  })

  it('rejects a token signed with another key', async () => {
    const stranger = await generateKeyPair('ES256')
    expectInvalidJwt(await authenticate(await idpToken({ sub: freshUserId() }, { key: stranger.privateKey })))
    expectInvalidJwt(await authenticate(await idpToken({ sub: freshUserId() }, { key: stranger.privateKey, kid: 'other' })))
  })

  it('rejects a wrong issuer or audience', async () => {
    expectInvalidJwt(await authenticate(await idpToken({ sub: freshUserId() }, { iss: 'https://evil.example' })))
    expectInvalidJwt(await authenticate(await idpToken({ sub: freshUserId() }, { aud: 'someone-else' })))
  })

  it('rejects an expired token and one without exp', async () => {
    const token = await idpToken({ sub: freshUserId() }, { ttl: 60 })
    t.clock.advance(3600)
    try {
      expectInvalidJwt(await authenticate(token))
    } finally {
      t.clock.advance(-3600)
    }
    expectInvalidJwt(await authenticate(await idpToken({ sub: freshUserId() }, { ttl: null })))
  })

  it('rejects alg none and garbage', async () => {
    const payload = { sub: freshUserId(), iss: ISSUER, aud: AUDIENCE, exp: nowSeconds() + 300 }
    expectInvalidJwt(await authenticate(`${b64({ alg: 'none', typ: 'JWT' })}.${b64(payload)}.`))
    expectInvalidJwt(await authenticate('not.a.jwt'))
  })

  it('rejects a token without a usable user-id claim', async () => {
    expectInvalidJwt(await authenticate(await idpToken({})))
    expectInvalidJwt(await authenticate(await idpToken({ sub: '' })))
  })

  it('refuses the wrong body with 400 invalid_data', async () => {
    const response = await t.call('/api/v1/custom_jwt_account/authenticate', { body: { token: 42 } })
    expect(response.status).toBe(400)
    expect(response.body.code).toBe('invalid_data')
  })

  it('answers malformed bodies with 4xx, never 5xx', async () => {
    const session = await t.login(`fuzz-${randomBytes(4).toString('hex')}@example.com`)
    const bodies = [
      '{"token": ',
      '[1,2]',
      '"x"',
      '['.repeat(50_000) + ']'.repeat(50_000),
      JSON.stringify({ token: 'a.b\u0000.c' }),
      JSON.stringify({ token: 'x'.repeat(8193) }),
      JSON.stringify({ token: '\uD800'.repeat(1000) }),
      JSON.stringify({ token: 'a.b.c', mode: 'sideways' }),
    ]
    for (const rawBody of bodies) {
      for (const [path, token] of [
        ['authenticate', undefined],
        ['link', session.body.token],
      ] as const) {
        const response = await t.call(`/api/v1/custom_jwt_account/${path}`, { rawBody, ...(token ? { token } : {}) })
        expect(response.status, `${path} ${rawBody.slice(0, 20)}`).toBeGreaterThanOrEqual(400)
        expect(response.status, `${path} ${rawBody.slice(0, 20)}`).toBeLessThan(500)
      }
    }
    // A lone surrogate is a well-formed body: it fails as a token.
    expectInvalidJwt(await authenticate('\uD800'.repeat(10)))
  })

  it('honours no-signup', async () => {
    const response = await authenticate(await idpToken({ sub: freshUserId() }), { mode: 'no-signup' })
    expect(response.status).toBe(400)
    expect(response.body.code).toBe('user_does_not_exist')
  })

  it("matches the allowlist against the token's email claim", async () => {
    const app = await t.createApp({
      name: 'Allowlisted',
      loginMethods: ['custom_jwt'],
      customJwt: settings({ jwksUrl }),
      allowlist: { enabled: true, entries: ['@example.com'], errorTitle: null, errorDetail: null, ctaText: null, ctaLink: null },
    })
    expect((await authenticate(await idpToken({ sub: freshUserId(), email: 'ada@example.com' }), { appId: app.id })).status).toBe(200)
    const denied = await authenticate(await idpToken({ sub: freshUserId(), email: 'eve@evil.test' }), { appId: app.id })
    expect(denied.status).toBe(403)
    expect(denied.body.code).toBe('allowlist_rejected')
  })

  it('answers 503 when the key set cannot be fetched', async () => {
    const app = await t.createApp({ name: 'Unreachable IdP', loginMethods: ['custom_jwt'], customJwt: settings({ jwksUrl: 'http://127.0.0.1:9/jwks.json' }) })
    const response = await authenticate(await idpToken({ sub: freshUserId() }), { appId: app.id })
    expect(response.status).toBe(503)
    expect(response.body.code).toBe('internal_error')
  })

  it('refuses apps that have not enabled or configured custom auth', async () => {
    const off = await t.createApp({ name: 'No custom auth', loginMethods: ['email'], customJwt: settings({ jwksUrl }) })
    const disallowed = await authenticate(await idpToken({ sub: freshUserId() }), { appId: off.id })
    expect(disallowed.status).toBe(403)
    expect(disallowed.body.code).toBe('disallowed_login_method')
    const unconfigured = await t.createApp({ name: 'No settings', loginMethods: ['custom_jwt'], customJwt: null })
    const missing = await authenticate(await idpToken({ sub: freshUserId() }), { appId: unconfigured.id })
    expect(missing.status).toBe(400)
    expect(missing.body.code).toBe('feature_not_enabled')
  })
})

describe('custom JWT sign-in (PEM public key)', () => {
  const rsaToken = (claims: JWTPayload, options: { key?: CryptoKey; alg?: string } = {}) =>
    idpToken(claims, { key: options.key ?? rsaKey, alg: options.alg ?? 'RS256' })

  it('signs in by the configured claim', async () => {
    const uid = freshUserId()
    const response = await authenticate(await rsaToken({ uid, sub: 'ignored' }), { appId: pemApp.id })
    expect(response.status).toBe(200)
    expect(response.body.user.linked_accounts).toEqual([expect.objectContaining({ type: 'custom_auth', custom_user_id: uid })])
  })

  it('an app stored without an issuer or an audience accepts no token, however well signed (a shared key set is no tenant boundary)', async () => {
    for (const missing of [{ issuer: null }, { audience: null }, { issuer: null, audience: null }]) {
      const app = await t.createApp({
        name: 'Unbound claims',
        loginMethods: ['custom_jwt'],
        customJwt: settings({ publicKeyPem: rsaPem, userIdClaim: 'uid', ...missing }),
      })
      const response = await authenticate(await rsaToken({ uid: freshUserId() }), { appId: app.id })
      expect(response.status).toBe(400)
      expect(response.body).toEqual({ code: 'feature_not_enabled', error: 'Custom auth needs an issuer and an audience configured for this app' })
    }
  })

  it('rejects another key, a missing claim, and HS256 keyed with the public key', async () => {
    const stranger = await generateKeyPair('RS256')
    expectInvalidJwt(await authenticate(await rsaToken({ uid: freshUserId() }, { key: stranger.privateKey }), { appId: pemApp.id }))
    expectInvalidJwt(await authenticate(await rsaToken({ sub: freshUserId() }), { appId: pemApp.id }))
    const forged = await new SignJWT({ uid: freshUserId() })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime(nowSeconds() + 300)
      .sign(new TextEncoder().encode(rsaPem))
    expectInvalidJwt(await authenticate(forged, { appId: pemApp.id }))
  })

  it('answers 503, not 500, when a stored key is not a PEM public key', async () => {
    const broken = await t.createApp({ name: 'Broken key', loginMethods: ['custom_jwt'], customJwt: settings({ jwksUrl: null, publicKeyPem: 'not a key' }) })
    const response = await authenticate(await rsaToken({ uid: freshUserId() }), { appId: broken.id })
    expect(response.status).toBe(503)
    expect(response.body.code).toBe('internal_error')
  })

  it('rejects an ES256 token presented to an RSA key', async () => {
    expectInvalidJwt(await authenticate(await idpToken({ uid: freshUserId() }, { iss: 'x', aud: 'y' }), { appId: pemApp.id }))
  })
})

describe('custom JWT linking', () => {
  it('links the identity to the signed-in user, who can then sign in with it', async () => {
    const email = `link-${randomBytes(4).toString('hex')}@example.com`
    const session = await t.login(email)
    const sub = freshUserId()
    const linked = await link(await idpToken({ sub }), session.body.token)
    expect(linked.status).toBe(200)
    expect(linked.body.id).toBe(session.body.user.id)
    expect(linked.body.linked_accounts.map((a: { type: string }) => a.type).sort()).toEqual(['custom_auth', 'email'])
    const signIn = await authenticate(await idpToken({ sub }))
    expect(signIn.body.user.id).toBe(session.body.user.id)
  })

  it('turns a guest into a full user', async () => {
    const guest = await t.call('/api/v1/guest/authenticate', { body: { guest_credential: randomBytes(32).toString('base64url') } })
    expect(guest.body.user.is_guest).toBe(true)
    const linked = await link(await idpToken({ sub: freshUserId() }), guest.body.token)
    expect(linked.status).toBe(200)
    expect(linked.body).toMatchObject({ id: guest.body.user.id, is_guest: false })
  })

  it('refuses an identity another user holds, a second custom identity, a bad token and a missing session', async () => {
    const taken = freshUserId()
    await authenticate(await idpToken({ sub: taken }))
    const session = await t.login(`link-${randomBytes(4).toString('hex')}@example.com`)
    const conflict = await link(await idpToken({ sub: taken }), session.body.token)
    expect(conflict.status).toBe(400)
    expect(conflict.body.code).toBe('linked_to_another_user')

    expect((await link(await idpToken({ sub: freshUserId() }), session.body.token)).status).toBe(200)
    const second = await link(await idpToken({ sub: freshUserId() }), session.body.token)
    expect(second.body).toMatchObject({ code: 'cannot_link_more_of_type', error: 'User already has an account of type custom_auth linked.' })

    expectInvalidJwt(await link(await idpToken({ sub: freshUserId() }, { aud: 'other' }), session.body.token))
    const anonymous = await t.call('/api/v1/custom_jwt_account/link', { body: { token: await idpToken({ sub: freshUserId() }) } })
    expect(anonymous.status).toBe(401)
  })
})
