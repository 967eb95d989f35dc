import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createRemoteJWKSet, importSPKI, jwtVerify } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppConfigDto } from '../../../src/protocol/index.js'
import { startTestServer, TEST_ORIGIN, type TestServer } from '../test-support/test-server.js'

let t: TestServer
beforeAll(async () => { t = await startTestServer({ app: { termsUrl: 'https://allowed.test/terms', disablePlusEmails: true } }) })
afterAll(async () => { await t?.close() })

describe('app config and keys', () => {
  it('serves the app config with the verification key', async () => {
    const { status, body } = await t.call<AppConfigDto>(`/api/v1/apps/${t.app.id}`, { appId: null })
    expect(status).toBe(200)
    expect(body.id).toBe(t.app.id)
    expect(body.id).toHaveLength(25)
    expect(body.name).toBe('Test App')
    expect(body.email_auth).toBe(true)
    expect(body.sms_auth).toBe(false)
    expect(body.disable_plus_emails).toBe(true)
    expect(body.terms_and_conditions_url).toBe('https://allowed.test/terms')
    expect(body.verification_key).toMatch(/^-----BEGIN PUBLIC KEY-----/)
  })

  it('answers 404 not_found for an unknown app', async () => {
    const { status, body } = await t.call('/api/v1/apps/unknown-app-0000000000000', { appId: null })
    expect(status).toBe(404)
    expect(body).toEqual({ error: 'App not found', code: 'not_found' })
    expect((await t.call('/api/v1/apps/unknown-app-0000000000000/jwks.json', { appId: null })).status).toBe(404)
  })

  it('issues tokens that verify against the JWKS and the verification key', async () => {
    const login = await t.login('jwks@example.com')
    expect(login.status).toBe(200)
    const jwks = createRemoteJWKSet(new URL(`${t.url}/api/v1/apps/${t.app.id}/jwks.json`))
    const { payload, protectedHeader } = await jwtVerify(login.body.token, jwks, { issuer: 'privy.io', audience: t.app.id, algorithms: ['ES256'] })
    expect(protectedHeader).toMatchObject({ alg: 'ES256', typ: 'JWT' })
    expect(protectedHeader.kid).toBeTruthy()
    expect(payload.sub).toBe(login.body.user.id)
    expect(payload.sub).toMatch(/^did:privy:[a-z0-9]{25}$/)
    expect(typeof payload.sid).toBe('string')
    expect(payload.exp! - payload.iat!).toBe(3600)
    expect(login.body.privy_access_token).toBe(login.body.token)

    const config = await t.call<AppConfigDto>(`/api/v1/apps/${t.app.id}`, { appId: null })
    const key = await importSPKI(config.body.verification_key, 'ES256')
    const identity = await jwtVerify(login.body.identity_token, key, { issuer: 'privy.io', audience: t.app.id })
    expect(identity.protectedHeader.typ).toBe('id+jwt')
    expect(identity.payload.sub).toBe(login.body.user.id)
    expect(JSON.parse(identity.payload.linked_accounts as string)[0]).toMatchObject({ type: 'email', address: 'jwks@example.com' })
  })
})

describe('app header and CORS', () => {
  it('requires a known privy-app-id on API calls', async () => {
    const missing = await t.call('/api/v1/analytics_events', { body: { event_name: 'x' }, appId: null })
    expect(missing.status).toBe(400)
    expect(missing.body.code).toBe('invalid_data')
    const unknown = await t.call('/api/v1/analytics_events', { body: { event_name: 'x' }, appId: 'nope-nope-nope-nope-nope0' })
    expect(unknown.status).toBe(404)
    expect(unknown.body.code).toBe('not_found')
    const ok = await t.call('/api/v1/analytics_events', { body: { event_name: 'sdk_initialize', client_id: 'c', payload: {} } })
    expect(ok).toMatchObject({ status: 200, body: {} })
  })

  it('answers a preflight from an allowed origin with credentials and the client headers', async () => {
    const response = await fetch(`${t.url}/api/v1/passwordless/init`, {
      method: 'OPTIONS',
      headers: { origin: TEST_ORIGIN, 'access-control-request-method': 'POST', 'access-control-request-headers': 'privy-app-id, privy-client, content-type, authorization' },
    })
    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-origin')).toBe(TEST_ORIGIN)
    expect(response.headers.get('access-control-allow-credentials')).toBe('true')
    const allowed = response.headers.get('access-control-allow-headers')!
    for (const header of ['privy-app-id', 'privy-client-id', 'privy-client', 'privy-ca-id', 'authorization', 'content-type', 'x-native-app-identifier']) expect(allowed).toContain(header)
    const real = await t.call('/api/v1/passwordless/init', { body: { email: 'cors@example.com' }, headers: { origin: TEST_ORIGIN } })
    expect(real.status).toBe(200)
    expect(real.headers.get('access-control-allow-origin')).toBe(TEST_ORIGIN)
  })

  it('refuses another origin with 403 invalid_origin', async () => {
    const preflight = await fetch(`${t.url}/api/v1/passwordless/init`, { method: 'OPTIONS', headers: { origin: 'http://evil.test', 'access-control-request-method': 'POST' } })
    expect(preflight.status).toBe(403)
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull()
    for (const origin of ['http://evil.test', 'http://allowed.test:3001', 'http://allowed.test:3000.evil.test', 'null']) {
      const real = await t.call('/api/v1/passwordless/init', { body: { email: 'cors2@example.com' }, headers: { origin } })
      expect(real.status).toBe(403)
      expect(real.body.code).toBe('invalid_origin')
    }
    expect(t.inbox.messages.filter((m) => m.to === 'cors2@example.com')).toHaveLength(0)
  })

  it('matches port wildcards only on the port', async () => {
    const app = await t.createApp({ name: 'Wild', allowedOrigins: ['http://localhost:*'] })
    const headers = (origin: string) => ({ headers: { origin }, appId: app.id })
    expect((await t.call(`/api/v1/apps/${app.id}`, headers('http://localhost:5173'))).status).toBe(200)
    expect((await t.call(`/api/v1/apps/${app.id}`, headers('http://localhost.evil.test:80'))).status).toBe(403)
    expect((await t.call(`/api/v1/apps/${app.id}`, headers('https://localhost:5173'))).status).toBe(403)
  })
})

describe('config file', () => {
  it('upserts the apps it declares on start', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tessera-config-'))
    const file = join(dir, 'tessera.config.json')
    const id = 'config-app-00000000000001'
    writeFileSync(file, JSON.stringify({ apps: [{ id, name: 'From config', allowed_origins: ['https://config.example'], require_users_accept_terms: true, accent_color: '#123456' }] }))
    const configured = await startTestServer({ server: { configFile: file } })
    try {
      const { status, body } = await configured.call<AppConfigDto>(`/api/v1/apps/${id}`, { appId: null, headers: { origin: 'https://config.example' } })
      expect(status).toBe(200)
      expect(body).toMatchObject({ id, name: 'From config', require_users_accept_terms: true, accent_color: '#123456' })
    } finally {
      await configured.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
