import { generateKeyPairSync } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appInputFromFlags, type AppFlagValues } from './app-flags.js'
import { redactSecrets } from './redact-secrets.js'
import { REDACTED } from './redacted.js'
import { settingProblems, settingWarnings } from './setting-problems.js'
import { appDefaults } from './store.js'
import type { AppRecord } from './types.js'

let dir: string
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'tessera-flags-'))
  writeFileSync(join(dir, 'public.pem'), generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ type: 'spki', format: 'pem' }))
  writeFileSync(join(dir, 'not-a-key.pem'), 'hello')
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const current: AppRecord = {
  ...appDefaults,
  id: 'flags-app-000000000000001',
  name: 'Flags',
  loginMethods: ['email', 'google'],
  oauthProviders: { google: { clientId: 'g-id', clientSecret: 'g-secret', issuer: 'https://accounts.google.com' } },
  customJwt: { jwksUrl: 'https://idp.example/jwks', publicKeyPem: null, issuer: 'https://idp.example', audience: 'flags-app', userIdClaim: 'uid' },
  captcha: { provider: 'turnstile', siteKey: 'site', secretKey: 'turnstile-secret', verifyUrl: null },
}

/** The input the flags produce over `current`, refused like the CLI refuses it. */
function apply(values: AppFlagValues, on: AppRecord | null = current) {
  const input = appInputFromFlags(values, on, dir)
  const problems = settingProblems(input)
  if (problems.length > 0) throw new Error(problems.join('; '))
  return input
}

describe('app flags', () => {
  it('change only what they name', () => {
    const input = apply({ name: 'Renamed' })
    expect(Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined))).toEqual({ name: 'Renamed' })
  })

  it('merge into a provider, keeping what the flag does not name', () => {
    expect(apply({ oauth: ['google:client-secret=rotated'] }).oauthProviders).toEqual({
      google: { clientId: 'g-id', clientSecret: 'rotated', issuer: 'https://accounts.google.com' },
    })
    expect(apply({ oauth: ['google:off', 'github:client-id=gh'] }).oauthProviders).toEqual({ github: { clientId: 'gh', clientSecret: null } })
  })

  it('switch the custom JWT key source, keeping issuer, audience and claim', () => {
    expect(apply({ 'custom-jwt-public-key-file': 'public.pem' }).customJwt).toMatchObject({
      jwksUrl: null,
      publicKeyPem: expect.stringContaining('BEGIN PUBLIC KEY'),
      issuer: 'https://idp.example',
      userIdClaim: 'uid',
    })
    expect(apply({ 'custom-jwt-audience': 'other-app' }).customJwt).toMatchObject({
      jwksUrl: 'https://idp.example/jwks',
      issuer: 'https://idp.example',
      audience: 'other-app',
    })
  })

  it('refuse a custom JWT without an issuer or an audience', () => {
    expect(() => apply({ 'custom-jwt-issuer': '' })).toThrow('custom JWT needs an issuer and an audience (--custom-jwt-issuer, --custom-jwt-audience)')
    expect(() => apply({ 'custom-jwt-audience': '' })).toThrow('custom JWT needs an issuer and an audience')
    expect(() => apply({ 'custom-jwt-jwks-url': 'https://idp.example/jwks' }, null)).toThrow('custom JWT needs an issuer and an audience')
  })

  it('keep the Turnstile secret when only the site key changes, and start ALTCHA clean', () => {
    expect(apply({ 'turnstile-site-key': 'new-site' }).captcha).toEqual({
      provider: 'turnstile',
      siteKey: 'new-site',
      secretKey: 'turnstile-secret',
      verifyUrl: null,
    })
    expect(apply({ captcha: 'altcha' }).captcha).toEqual({ provider: 'altcha', siteKey: null, secretKey: null, verifyUrl: null })
  })

  it('accept a port wildcard in redirect URLs', () => {
    expect(apply({ 'redirect-url': ['http://localhost:*/', 'https://shop.example/auth/done'] }).oauthRedirectUrls).toEqual([
      'http://localhost:*/',
      'https://shop.example/auth/done',
    ])
  })

  it.each<[AppFlagValues, string]>([
    [{ captcha: 'turnstile', 'turnstile-site-key': 'site' }, 'Turnstile needs a site key and a secret key'],
    [{ 'turnstile-secret': 'x' }, '--turnstile-* flags need --captcha turnstile'],
    [{ captcha: 'hcaptcha' }, '--captcha takes altcha, turnstile or off'],
    [{ captcha: 'altcha', 'altcha-max-number': '0' }, '--altcha-max-number takes an integer from 1'],
    [{ 'altcha-max-number': '5' }, '--altcha-max-number needs --captcha altcha'],
    [{ oauth: ['myspace:client-id=x'] }, "--oauth 'myspace:client-id=x': start with a provider"],
    [{ oauth: ['github:client-secret=only-secret'] }, '--oauth github: client-id is required'],
    [{ oauth: ['google:colour=blue'] }, "--oauth google: unknown setting 'colour=blue'"],
    [{ oauth: ['google:token-endpoint=ftp://x'] }, "'ftp://x' is not an http(s) URL"],
    [{ oauth: ['apple:client-id=x,apple-team-id=T'] }, 'apple-team-id, apple-key-id and apple-private-key-file go together'],
    [{ oauth: ['apple:client-id=x'] }, 'OAuth apple needs a client secret or a team id, key id and private key'],
    [{ oauth: ['apple:client-id=x,apple-team-id=T,apple-key-id=K,apple-private-key-file=not-a-key.pem'] }, 'the Apple private key is not a PEM private key'],
    [{ 'oauth-json': '{"google":{"client_secret":"s"}}' }, '--oauth-json: google.client_id'],
    [{ 'oauth-json': '{nope' }, '--oauth-json is not valid JSON'],
    [
      { 'custom-jwt-jwks-url': 'https://a.example/jwks', 'custom-jwt-public-key-file': 'public.pem' },
      'Give one of --custom-jwt-jwks-url or --custom-jwt-public-key-file',
    ],
    [{ 'custom-jwt-public-key-file': 'not-a-key.pem' }, 'the custom JWT public key is not a PEM public key'],
    [{ 'custom-jwt-public-key-file': 'missing.pem' }, 'cannot read missing.pem (ENOENT)'],
    [{ 'remove-custom-jwt': true, 'custom-jwt-issuer': 'x' }, '--remove-custom-jwt cannot be combined'],
    [{ 'user-limit': '-3' }, '--user-limit takes a positive integer or none'],
    [{ 'sms-unsupported-regions': 'USA' }, "'USA' is not an ISO 3166 alpha-2 region"],
    [{ whatsapp: 'maybe' }, '--whatsapp takes true or false'],
    [{ 'allowlist-cta-link': 'javascript:alert(1)' }, 'is not an http(s) URL'],
    [{ 'redirect-url': ['localhost:3000/cb'] }, "--redirect-url: 'localhost:3000/cb' is not an http(s) URL"],
    [{ 'login-methods': 'email,carrier-pigeon' }, "Unknown login method 'carrier-pigeon'"],
    [{ 'accent-color': 'red' }, '--accent-color takes #rrggbb'],
    [{ theme: 'sepia' }, '--theme takes light, dark or none'],
  ])('refuse %j', (values, message) => {
    expect(() => apply(values, { ...current, captcha: null })).toThrow(message)
  })

  it('a new custom JWT needs a key source', () => {
    expect(() => apply({ 'custom-jwt-issuer': 'https://idp.example' }, null)).toThrow('custom JWT needs exactly one of a JWKS URL or a public key')
  })
})

describe('apps show', () => {
  it('masks client secrets, Apple keys and the Turnstile secret', () => {
    const app: AppRecord = {
      ...current,
      oauthProviders: {
        ...current.oauthProviders,
        apple: { clientId: 'a', clientSecret: null, apple: { teamId: 'T', keyId: 'K', privateKeyPem: '-----BEGIN PRIVATE KEY-----' } },
      },
    }
    const printed = JSON.stringify(redactSecrets(app))
    for (const secret of ['g-secret', 'turnstile-secret', 'PRIVATE KEY']) expect(printed).not.toContain(secret)
    expect(redactSecrets(app)).toMatchObject({
      oauthProviders: {
        google: { clientId: 'g-id', clientSecret: REDACTED },
        apple: { clientSecret: null, apple: { teamId: 'T', keyId: 'K', privateKeyPem: REDACTED } },
      },
      captcha: { siteKey: 'site', secretKey: REDACTED },
    })
  })

  it('warns about enabled methods without their settings', () => {
    expect(settingWarnings({ ...current, loginMethods: ['email', 'google', 'github', 'custom_jwt'], customJwt: null })).toEqual([
      'github login is on but has no OAuth client (--oauth github:client-id=...,client-secret=...)',
      'custom_jwt login is on but no JWKS URL or public key is set (--custom-jwt-jwks-url or --custom-jwt-public-key-file)',
      'OAuth login is on but no redirect URL is allowed (--redirect-url)',
    ])
  })
})

describe('--add-origin and --add-redirect-url (issue 15: a user adds their own origin)', () => {
  const withLists: AppRecord = { ...current, allowedOrigins: ['http://localhost:*'], oauthRedirectUrls: ['http://localhost:*/'] }

  it('append to the current lists, once each; with --origin they append to the new list', () => {
    const added = appInputFromFlags(
      { 'add-origin': ['http://demo.tessera.test:5173', 'http://localhost:*'], 'add-redirect-url': ['http://demo.tessera.test:5173/vanilla/'] },
      withLists,
    )
    expect(added.allowedOrigins).toEqual(['http://localhost:*', 'http://demo.tessera.test:5173'])
    expect(added.oauthRedirectUrls).toEqual(['http://localhost:*/', 'http://demo.tessera.test:5173/vanilla/'])
    expect(appInputFromFlags({ origin: ['https://shop.example'], 'add-origin': ['http://lan.test:8080'] }, withLists).allowedOrigins).toEqual([
      'https://shop.example',
      'http://lan.test:8080',
    ])
    expect(appInputFromFlags({ name: 'Renamed' }, withLists).allowedOrigins).toBeUndefined()
  })

  it('refuse what --origin and --redirect-url refuse', () => {
    expect(() => appInputFromFlags({ 'add-origin': ['http://demo.tessera.test/path'] }, withLists)).toThrow("Invalid origin 'http://demo.tessera.test/path'")
    expect(() => appInputFromFlags({ 'add-redirect-url': ['ftp://x'] }, withLists)).toThrow('is not an http(s) URL')
  })
})
