import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { generateKeyPairSync } from 'node:crypto'
import { createRemoteJWKSet, importSPKI, jwtVerify } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppConfigDto } from '../../../src/protocol/index.js'
import { createDevApp, readConfigFile } from '../config.js'
import { startTestServer, TEST_ORIGIN, type TestServer } from '../test-support/test-server.js'
import { getApp } from './store.js'

let t: TestServer
beforeAll(async () => {
  t = await startTestServer({ app: { termsUrl: 'https://allowed.test/terms', disablePlusEmails: true } })
})
afterAll(async () => {
  await t?.close()
})

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
      headers: {
        origin: TEST_ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'privy-app-id, privy-client, content-type, authorization',
      },
    })
    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-origin')).toBe(TEST_ORIGIN)
    expect(response.headers.get('access-control-allow-credentials')).toBe('true')
    const allowed = response.headers.get('access-control-allow-headers')!
    for (const header of [
      'privy-app-id',
      'privy-client-id',
      'privy-client',
      'privy-ca-id',
      'authorization',
      'content-type',
      'x-native-app-identifier',
      'privy-authorization-signature',
      'privy-request-expiry',
    ])
      expect(allowed).toContain(header)
    const real = await t.call('/api/v1/passwordless/init', { body: { email: 'cors@example.com' }, headers: { origin: TEST_ORIGIN } })
    expect(real.status).toBe(200)
    expect(real.headers.get('access-control-allow-origin')).toBe(TEST_ORIGIN)
  })

  it('refuses another origin with 403 invalid_origin', async () => {
    const preflight = await fetch(`${t.url}/api/v1/passwordless/init`, {
      method: 'OPTIONS',
      headers: { origin: 'http://evil.test', 'access-control-request-method': 'POST' },
    })
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
  it('declares every app setting, with secrets from the environment and keys from files', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tessera-config-'))
    try {
      const jwtPem = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ type: 'spki', format: 'pem' }).toString()
      const applePem = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()
      writeFileSync(join(dir, 'jwt.pem'), jwtPem)
      writeFileSync(join(dir, 'apple.p8'), applePem)
      const file = join(dir, 'tessera.config.json')
      const id = 'config-app-00000000000002'
      writeFileSync(
        file,
        JSON.stringify({
          apps: [
            {
              id,
              name: 'Full',
              allowed_origins: ['https://full.example'],
              login_methods: ['email', 'sms', 'google', 'apple', 'custom_jwt', 'guest'],
              oauth_redirect_urls: ['https://full.example/', 'http://localhost:*/'],
              oauth_providers: {
                google: {
                  client_id: 'g-id',
                  client_secret_env: 'TEST_GOOGLE_SECRET',
                  authorization_endpoint: 'http://127.0.0.1:4000/auth',
                  token_endpoint: 'http://127.0.0.1:4000/token',
                  user_info_endpoint: 'http://127.0.0.1:4000/me',
                  issuer: 'http://127.0.0.1:4000',
                  jwks_uri: 'http://127.0.0.1:4000/jwks',
                  scopes: ['openid', 'email'],
                },
                apple: { client_id: 'com.full.web', apple: { team_id: 'TEAM', key_id: 'KEY', private_key_file: 'apple.p8' } },
              },
              whatsapp_enabled: true,
              sms_unsupported_regions: ['ru'],
              custom_jwt: { public_key_file: 'jwt.pem', issuer: 'https://idp.example', audience: 'full', user_id_claim: 'uid' },
              allowlist: { entries: ['@full.example'], error_title: 'Members only', cta_text: 'Apply', cta_link: 'https://full.example/apply' },
              user_limit: 50,
              signup_disabled: true,
              account_transfer_enabled: false,
              captcha: { provider: 'turnstile', site_key: 'site-key', secret_key_env: 'TEST_TURNSTILE_SECRET', verify_url: 'http://127.0.0.1:5000/siteverify' },
            },
          ],
        }),
      )
      const env = { TEST_GOOGLE_SECRET: 'google-secret-from-env', TEST_TURNSTILE_SECRET: 'turnstile-secret-from-env' }
      const [input] = readConfigFile(file, env)
      expect(input).toEqual({
        id,
        name: 'Full',
        allowedOrigins: ['https://full.example'],
        loginMethods: ['email', 'sms', 'google', 'apple', 'custom_jwt', 'guest'],
        termsUrl: undefined,
        privacyUrl: undefined,
        requireUsersAcceptTerms: undefined,
        disablePlusEmails: undefined,
        logoUrl: undefined,
        accentColor: undefined,
        theme: undefined,
        oauthRedirectUrls: ['https://full.example/', 'http://localhost:*/'],
        oauthProviders: {
          google: {
            clientId: 'g-id',
            clientSecret: 'google-secret-from-env',
            authorizationEndpoint: 'http://127.0.0.1:4000/auth',
            tokenEndpoint: 'http://127.0.0.1:4000/token',
            userInfoEndpoint: 'http://127.0.0.1:4000/me',
            issuer: 'http://127.0.0.1:4000',
            jwksUri: 'http://127.0.0.1:4000/jwks',
            scopes: ['openid', 'email'],
          },
          apple: { clientId: 'com.full.web', clientSecret: null, apple: { teamId: 'TEAM', keyId: 'KEY', privateKeyPem: applePem } },
        },
        whatsappEnabled: true,
        smsUnsupportedRegions: ['RU'],
        customJwt: { jwksUrl: null, publicKeyPem: jwtPem, issuer: 'https://idp.example', audience: 'full', userIdClaim: 'uid' },
        allowlist: {
          enabled: true,
          entries: ['@full.example'],
          errorTitle: 'Members only',
          errorDetail: null,
          ctaText: 'Apply',
          ctaLink: 'https://full.example/apply',
        },
        userLimit: 50,
        signupDisabled: true,
        accountTransferEnabled: false,
        captcha: { provider: 'turnstile', siteKey: 'site-key', secretKey: 'turnstile-secret-from-env', verifyUrl: 'http://127.0.0.1:5000/siteverify' },
      })

      Object.assign(process.env, env)
      const configured = await startTestServer({ server: { configFile: file } })
      try {
        const stored = await getApp(configured.db, id)
        expect(stored).toMatchObject(JSON.parse(JSON.stringify(input)))
        const { body } = await configured.call<AppConfigDto>(`/api/v1/apps/${id}`, { appId: null })
        expect(body).toMatchObject({
          google_oauth: true,
          apple_oauth: true,
          custom_jwt_auth: true,
          guest_auth: true,
          sms_auth: true,
          whatsapp_enabled: true,
          captcha_enabled: true,
          captcha_site_key: 't:site-key',
          allowlist_config: { error_title: 'Members only', error_detail: null, cta_text: 'Apply', cta_link: 'https://full.example/apply' },
        })
        for (const secret of [...Object.values(env), 'PRIVATE KEY', '@full.example']) expect(JSON.stringify(body)).not.toContain(secret)
      } finally {
        await configured.close()
        for (const key of Object.keys(env)) delete process.env[key]
      }
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('refuses a config it cannot use, naming the app and the setting', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tessera-config-'))
    const id = 'config-app-00000000000003'
    const refused = (app: Record<string, unknown>, env: NodeJS.ProcessEnv = {}) => {
      const file = join(dir, 'bad.json')
      writeFileSync(file, JSON.stringify({ apps: [{ id, ...app }] }))
      return () => readConfigFile(file, env)
    }
    try {
      expect(refused({ captcha: { provider: 'turnstile', site_key: 's' } })).toThrow('apps.0.captcha: give one of secret_key or secret_key_env')
      expect(refused({ captcha: { provider: 'turnstile', site_key: 's', secret_key_env: 'MISSING_SECRET' } })).toThrow(
        'apps.0: environment variable MISSING_SECRET is not set',
      )
      expect(refused({ custom_jwt: { jwks_url: 'https://a.example/jwks', public_key_pem: 'x' } })).toThrow(
        'give exactly one of jwks_url, public_key_pem or public_key_file',
      )
      expect(refused({ custom_jwt: { public_key_pem: 'not a key' } })).toThrow('apps.0: the custom JWT public key is not a PEM public key')
      expect(refused({ oauth_providers: { myspace: { client_id: 'x' } } })).toThrow('apps.0.oauth_providers: Unrecognized key: "myspace"')
      expect(refused({ oauth_providers: { google: { client_id: 'x', colour: 'blue' } } })).toThrow('apps.0.oauth_providers.google')
      expect(refused({ user_limit: 0 })).toThrow('apps.0.user_limit')
      expect(refused({ login_methods: ['carrier-pigeon'] })).toThrow('apps.0.login_methods.0')
      expect(refused({ oauth_redirect_urls: ['javascript:alert(1)'] })).toThrow('apps.0.oauth_redirect_urls.0')
      expect(refused({ alowlist: {} })).toThrow('alowlist')
      writeFileSync(join(dir, 'broken.json'), '{')
      expect(() => readConfigFile(join(dir, 'broken.json'))).toThrow(`Invalid config file ${join(dir, 'broken.json')}`)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('refuses a custom JWT app without an issuer and an audience; dev mode keeps it with a warning', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tessera-config-'))
    const file = join(dir, 'unbound.json')
    writeFileSync(
      file,
      JSON.stringify({ apps: [{ id: 'config-app-00000000000004', custom_jwt: { jwks_url: 'https://idp.example/jwks', issuer: 'https://idp.example' } }] }),
    )
    try {
      expect(() => readConfigFile(file, {})).toThrow('apps.0: custom JWT needs an issuer and an audience')
      const warnings: string[] = []
      const [input] = readConfigFile(file, {}, { dev: true, warn: (line) => warnings.push(line) })
      expect(input!.customJwt).toMatchObject({ issuer: 'https://idp.example', audience: null })
      expect(warnings).toEqual([expect.stringContaining('apps.0: custom JWT needs an issuer and an audience')])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('upserts the apps it declares on start', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tessera-config-'))
    const file = join(dir, 'tessera.config.json')
    const id = 'config-app-00000000000001'
    writeFileSync(
      file,
      JSON.stringify({
        apps: [{ id, name: 'From config', allowed_origins: ['https://config.example'], require_users_accept_terms: true, accent_color: '#123456' }],
      }),
    )
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

describe('dev app', () => {
  it('offers the methods this machine can serve: email, sms and guest', () => {
    expect(createDevApp({})).toEqual({
      id: 'tessera-dev-app-000000001',
      name: 'Tessera Dev',
      allowedOrigins: ['http://localhost:*', 'http://127.0.0.1:*'],
      loginMethods: ['email', 'sms', 'guest'],
    })
  })

  it('adds the OAuth providers TESSERA_DEV_OAUTH configures', () => {
    const oauth = {
      google: {
        client_id: 'local-oidc-client',
        client_secret: 's',
        authorization_endpoint: 'http://127.0.0.1:4000/auth',
        token_endpoint: 'http://127.0.0.1:4000/token',
        issuer: 'http://127.0.0.1:4000',
      },
    }
    expect(createDevApp({ TESSERA_DEV_OAUTH: JSON.stringify(oauth) })).toMatchObject({
      loginMethods: ['email', 'sms', 'google', 'guest'],
      oauthProviders: {
        google: {
          clientId: 'local-oidc-client',
          clientSecret: 's',
          authorizationEndpoint: 'http://127.0.0.1:4000/auth',
          tokenEndpoint: 'http://127.0.0.1:4000/token',
          issuer: 'http://127.0.0.1:4000',
        },
      },
      oauthRedirectUrls: ['http://localhost:*/', 'http://127.0.0.1:*/'],
    })
    expect(
      createDevApp({ TESSERA_DEV_OAUTH: JSON.stringify(oauth), TESSERA_DEV_OAUTH_REDIRECT_URLS: 'http://localhost:*/demo/, http://localhost:*/' })
        .oauthRedirectUrls,
    ).toEqual(['http://localhost:*/demo/', 'http://localhost:*/'])
    expect(() => createDevApp({ TESSERA_DEV_OAUTH: '{"google":{}}' })).toThrow('Invalid TESSERA_DEV_OAUTH: google.client_id')
    expect(() => createDevApp({ TESSERA_DEV_OAUTH: 'google' })).toThrow('TESSERA_DEV_OAUTH is not valid JSON')
  })
})
