import { generateKeyPairSync } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REDACTED } from './apps/redacted.js'
import { getApp } from './apps/store.js'
import type { AppRecord } from './apps/types.js'
import { openDatabase } from './db/open.js'
import { createTestDatabase, type TestDatabase } from './test-support/test-database.js'
import { runCli, spawnCli, waitForOutput } from './test-support/run-cli.js'

let database: TestDatabase
let place: string[]
let env: Record<string, string | undefined>
beforeAll(async () => {
  database = await createTestDatabase()
  place = database.dataDir ? ['--data-dir', database.dataDir] : []
  env = { DATABASE_URL: database.databaseUrl }
})
afterAll(async () => {
  await database?.dispose()
})

describe('tessera-server apps', () => {
  it('creates, lists, shows and updates apps', async () => {
    const created = await runCli(
      [
        'apps',
        'create',
        '--name',
        'Shop',
        '--origin',
        'https://shop.example',
        '--origin',
        'http://localhost:*',
        '--terms-url',
        'https://shop.example/terms',
        '--disable-plus-emails',
        ...place,
      ],
      env,
    )
    expect(created.code, created.stderr).toBe(0)
    const app = JSON.parse(created.stdout)
    expect(app.id).toMatch(/^[a-z0-9]{25}$/)
    expect(app).toMatchObject({
      name: 'Shop',
      allowedOrigins: ['https://shop.example', 'http://localhost:*'],
      loginMethods: ['email'],
      termsUrl: 'https://shop.example/terms',
      disablePlusEmails: true,
      requireUsersAcceptTerms: false,
    })

    const listed = await runCli(['apps', 'list', ...place], env)
    expect(listed.code).toBe(0)
    expect(listed.stdout).toContain(`${app.id}  Shop`)

    const updated = await runCli(
      [
        'apps',
        'update',
        app.id,
        '--name',
        'Shop 2',
        '--require-terms',
        '--disable-plus-emails=false',
        '--privacy-url',
        'https://shop.example/privacy',
        ...place,
      ],
      env,
    )
    expect(updated.code, updated.stderr).toBe(0)
    expect(JSON.parse(updated.stdout)).toMatchObject({
      id: app.id,
      name: 'Shop 2',
      requireUsersAcceptTerms: true,
      disablePlusEmails: false,
      privacyUrl: 'https://shop.example/privacy',
      allowedOrigins: ['https://shop.example', 'http://localhost:*'],
    })

    const shown = await runCli(['apps', 'show', app.id, ...place], env)
    expect(shown.code).toBe(0)
    expect(JSON.parse(shown.stdout)).toMatchObject({ id: app.id, name: 'Shop 2' })
  })

  it('explains bad usage with exit code 2', async () => {
    const missingName = await runCli(['apps', 'create', ...place], env)
    expect(missingName.code).toBe(2)
    expect(missingName.stderr).toContain('apps create needs --name')
    const unknown = await runCli(['apps', 'show', 'nope', ...place], env)
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toContain("No app with id 'nope'")
    const badMethod = await runCli(['apps', 'create', '--name', 'X', '--login-methods', 'carrier-pigeon', ...place], env)
    expect(badMethod.code).toBe(2)
    expect(badMethod.stderr).toContain('Unknown login method')
  })
})

describe('tessera-server apps: every app setting', () => {
  const secrets = { google: 'google-client-secret-value', github: 'github-client-secret-value', turnstile: '0xturnstile-secret-value' }
  let dir: string
  let files: { jwtKey: string; appleKey: string; applePem: string; jwtPem: string }
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'tessera-cli-'))
    const jwtPem = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ type: 'spki', format: 'pem' }).toString()
    const applePem = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()
    files = { jwtKey: join(dir, 'jwt.pem'), appleKey: join(dir, 'apple.p8'), jwtPem, applePem }
    writeFileSync(files.jwtKey, jwtPem)
    writeFileSync(files.appleKey, applePem)
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  async function stored(id: string): Promise<AppRecord> {
    const db = await openDatabase({ dataDir: database.dataDir ?? '', databaseUrl: database.databaseUrl })
    try {
      return (await getApp(db, id))!
    } finally {
      await db.close()
    }
  }

  it('sets, merges and clears every setting, and never prints a secret', async () => {
    const created = await runCli(
      [
        'apps',
        'create',
        '--name',
        'Everything',
        '--origin',
        'https://all.example',
        '--login-methods',
        'email,sms,google,github,apple,custom_jwt,guest',
        '--logo-url',
        'https://all.example/logo.png',
        '--accent-color',
        '#112233',
        '--theme',
        'dark',
        '--redirect-url',
        'https://all.example/',
        '--redirect-url',
        'http://localhost:*/callback',
        '--oauth',
        `google:client-id=g-id,client-secret=${secrets.google},authorization-endpoint=http://127.0.0.1:4000/auth,token-endpoint=http://127.0.0.1:4000/token,userinfo-endpoint=http://127.0.0.1:4000/me,issuer=http://127.0.0.1:4000,jwks-uri=http://127.0.0.1:4000/jwks,scopes=openid email profile`,
        '--oauth-json',
        JSON.stringify({ github: { client_id: 'gh-id', client_secret: secrets.github, scopes: ['read:user', 'user:email'] } }),
        '--oauth',
        `apple:client-id=com.example.web,apple-team-id=TEAM123,apple-key-id=KEY123,apple-private-key-file=${files.appleKey}`,
        '--whatsapp',
        '--sms-unsupported-regions',
        'ru,cn',
        '--custom-jwt-jwks-url',
        'https://idp.example/.well-known/jwks.json',
        '--custom-jwt-issuer',
        'https://idp.example',
        '--custom-jwt-audience',
        'all-app',
        '--custom-jwt-user-id-claim',
        'uid',
        '--allowlist',
        '--allowlist-entries',
        'ada@example.com,@team.example,+15551234567',
        '--allowlist-error-title',
        'Private beta',
        '--allowlist-cta-link',
        'https://all.example/wait',
        '--user-limit',
        '100',
        '--signup-disabled',
        '--account-transfer=false',
        '--captcha',
        'turnstile',
        '--turnstile-site-key',
        '1x00000000000000000000AA',
        '--turnstile-secret',
        secrets.turnstile,
        '--turnstile-verify-url',
        'http://127.0.0.1:5000/siteverify',
        ...place,
      ],
      env,
    )
    expect(created.code, created.stderr).toBe(0)
    const shown = JSON.parse(created.stdout) as AppRecord
    expect(shown).toMatchObject({
      loginMethods: ['email', 'sms', 'google', 'github', 'apple', 'custom_jwt', 'guest'],
      logoUrl: 'https://all.example/logo.png',
      accentColor: '#112233',
      theme: 'dark',
      oauthRedirectUrls: ['https://all.example/', 'http://localhost:*/callback'],
      oauthProviders: {
        google: {
          clientId: 'g-id',
          clientSecret: REDACTED,
          authorizationEndpoint: 'http://127.0.0.1:4000/auth',
          tokenEndpoint: 'http://127.0.0.1:4000/token',
          userInfoEndpoint: 'http://127.0.0.1:4000/me',
          issuer: 'http://127.0.0.1:4000',
          jwksUri: 'http://127.0.0.1:4000/jwks',
          scopes: ['openid', 'email', 'profile'],
        },
        github: { clientId: 'gh-id', clientSecret: REDACTED, scopes: ['read:user', 'user:email'] },
        apple: { clientId: 'com.example.web', clientSecret: null, apple: { teamId: 'TEAM123', keyId: 'KEY123', privateKeyPem: REDACTED } },
      },
      whatsappEnabled: true,
      smsUnsupportedRegions: ['RU', 'CN'],
      customJwt: {
        jwksUrl: 'https://idp.example/.well-known/jwks.json',
        publicKeyPem: null,
        issuer: 'https://idp.example',
        audience: 'all-app',
        userIdClaim: 'uid',
      },
      allowlist: {
        enabled: true,
        entries: ['ada@example.com', '@team.example', '+15551234567'],
        errorTitle: 'Private beta',
        errorDetail: null,
        ctaText: null,
        ctaLink: 'https://all.example/wait',
      },
      userLimit: 100,
      signupDisabled: true,
      accountTransferEnabled: false,
      captcha: { provider: 'turnstile', siteKey: '1x00000000000000000000AA', secretKey: REDACTED, verifyUrl: 'http://127.0.0.1:5000/siteverify' },
    })
    for (const secret of [...Object.values(secrets), 'PRIVATE KEY']) expect(created.stdout + created.stderr).not.toContain(secret)
    const record = await stored(shown.id)
    expect(record.oauthProviders.google!.clientSecret).toBe(secrets.google)
    expect(record.oauthProviders.apple!.apple!.privateKeyPem).toBe(files.applePem)
    expect(record.captcha!.secretKey).toBe(secrets.turnstile)

    const show = await runCli(['apps', 'show', shown.id, ...place], env)
    expect(show.code).toBe(0)
    for (const secret of [...Object.values(secrets), 'PRIVATE KEY']) expect(show.stdout).not.toContain(secret)

    const updated = await runCli(
      [
        'apps',
        'update',
        shown.id,
        '--oauth',
        'google:client-secret=rotated-google-secret',
        '--oauth',
        'github:off',
        '--custom-jwt-public-key-file',
        files.jwtKey,
        '--allowlist=false',
        '--allowlist-error-title',
        '',
        '--user-limit',
        'none',
        '--signup-disabled=false',
        '--captcha',
        'altcha',
        '--altcha-max-number',
        '1000',
        '--redirect-url',
        'none',
        '--sms-unsupported-regions',
        '',
        '--theme',
        'none',
        ...place,
      ],
      env,
    )
    expect(updated.code, updated.stderr).toBe(0)
    const after = await stored(shown.id)
    expect(after.oauthProviders.google).toMatchObject({ clientId: 'g-id', clientSecret: 'rotated-google-secret', issuer: 'http://127.0.0.1:4000' })
    expect(after.oauthProviders.github).toBeUndefined()
    expect(after.customJwt).toEqual({ jwksUrl: null, publicKeyPem: files.jwtPem, issuer: 'https://idp.example', audience: 'all-app', userIdClaim: 'uid' })
    expect(after.allowlist).toMatchObject({
      enabled: false,
      entries: ['ada@example.com', '@team.example', '+15551234567'],
      errorTitle: null,
      ctaLink: 'https://all.example/wait',
    })
    expect(after).toMatchObject({
      userLimit: null,
      signupDisabled: false,
      oauthRedirectUrls: [],
      smsUnsupportedRegions: [],
      theme: null,
      whatsappEnabled: true,
      accountTransferEnabled: false,
    })
    expect(after.captcha).toEqual({ provider: 'altcha', siteKey: null, secretKey: null, verifyUrl: null, altchaMaxNumber: 1000 })
    // Warned: github login is on without a client any more, and OAuth has no redirect URL.
    expect(updated.stderr).toContain('warning: github login is on but has no OAuth client')
    expect(updated.stderr).toContain('warning: OAuth login is on but no redirect URL is allowed')

    const off = await runCli(['apps', 'update', shown.id, '--captcha', 'off', '--remove-custom-jwt', ...place], env)
    expect(off.code, off.stderr).toBe(0)
    expect(await stored(shown.id)).toMatchObject({ captcha: null, customJwt: null })
  })

  it('sets the embedded_wallets and smart_wallets sections from JSON as the config file does, and clears smart wallets with null', async () => {
    const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    const signerKey = publicKey.export({ format: 'der', type: 'spki' }).toString('base64')
    const embedded = {
      mode: 'user-controlled-server-wallets-only',
      ethereum_create_on_login: 'all-users',
      delegated_actions_enabled: true,
      session_signers: [{ id: 'backend', public_key: signerKey }],
    }
    const smart = { type: 'safe', networks: [{ chain_id: 31337, bundler_url: 'http://127.0.0.1:4337', paymaster_url: 'http://127.0.0.1:4338' }] }
    const created = await runCli(
      ['apps', 'create', '--name', 'Wallets', '--embedded-wallets-json', JSON.stringify(embedded), '--smart-wallets-json', JSON.stringify(smart), ...place],
      env,
    )
    expect(created.code, created.stderr).toBe(0)
    const id = JSON.parse(created.stdout).id as string
    const app = await stored(id)
    expect(app.embeddedWallets).toMatchObject({
      mode: 'user-controlled-server-wallets-only',
      ethereumCreateOnLogin: 'all-users',
      solanaCreateOnLogin: 'off',
      delegatedActionsEnabled: true,
      sessionSigners: [{ id: 'backend', publicKey: signerKey }],
    })
    expect(app.smartWallets).toEqual({
      type: 'safe',
      version: null,
      networks: [
        { chainId: 31337, bundlerUrl: 'http://127.0.0.1:4337', paymasterUrl: 'http://127.0.0.1:4338', rpcUrl: null, chainName: null, paymasterContext: null },
      ],
    })
    const cleared = await runCli(['apps', 'update', id, '--smart-wallets-json', 'null', ...place], env)
    expect(cleared.code, cleared.stderr).toBe(0)
    expect((await stored(id)).smartWallets).toBeNull()
    expect((await stored(id)).embeddedWallets.mode).toBe('user-controlled-server-wallets-only')

    const refusals: [string[], string][] = [
      [['--embedded-wallets-json', '{'], '--embedded-wallets-json is not valid JSON'],
      [['--embedded-wallets-json', JSON.stringify({ mode: 'custodial' })], '--embedded-wallets-json: mode'],
      [['--embedded-wallets-json', JSON.stringify({ session_signers: [{ id: 'x', public_key: 'AAAA' }] })], '--embedded-wallets-json: session_signers.0'],
      [['--smart-wallets-json', JSON.stringify({ type: 'safe', networks: [] })], '--smart-wallets-json: networks'],
    ]
    for (const [flags, message] of refusals) {
      const result = await runCli(['apps', 'update', id, ...flags, ...place], env)
      expect(result.code, `${flags.join(' ')}: ${result.stderr}`).toBe(2)
      expect(result.stderr).toContain(message)
    }
    expect((await stored(id)).embeddedWallets.sessionSigners).toHaveLength(1)
  })

  it('refuses settings that cannot work with exit code 2, storing nothing (all the rules: apps/app-flags.test.ts)', async () => {
    const cases: [string[], string][] = [
      [['--captcha', 'turnstile', '--turnstile-site-key', 'site'], 'Turnstile needs a site key and a secret key'],
      [['--oauth', 'google:client-id=x,colour=blue'], "--oauth google: unknown setting 'colour=blue'"],
    ]
    for (const [flags, message] of cases) {
      const result = await runCli(['apps', 'create', '--name', 'Broken', ...flags, ...place], env)
      expect(result.code, `${flags.join(' ')}: ${result.stderr}`).toBe(2)
      expect(result.stderr).toContain(message)
    }
    const listed = await runCli(['apps', 'list', ...place], env)
    expect(listed.stdout).not.toContain('Broken')
  })
})

describe('tessera-server start', () => {
  it.skipIf(!!process.env.DATABASE_URL)('locks the PGlite data directory against a second process and closes cleanly on SIGTERM', async () => {
    const dataDir = database.dataDir!
    const first = spawnCli(['start', '--dev', '--port', '0', '--data-dir', dataDir], { DATABASE_URL: undefined })
    try {
      const output = await waitForOutput(first, /ready at (http:\/\/127\.0\.0\.1:\d+)/)
      const url = /ready at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)![1]!
      expect((await fetch(`${url}/api/v1/apps/tessera-dev-app-000000001`)).status).toBe(200)

      const second = await runCli(['start', '--dev', '--port', '0', '--data-dir', dataDir], { DATABASE_URL: undefined })
      expect(second.code).toBe(1)
      expect(second.stderr).toContain(`is in use by another tessera-server process (pid ${first.pid})`)
      // The apps commands go through the server that holds the directory (apps/live-settings.test.ts).
      const cli = await runCli(['apps', 'list', '--data-dir', dataDir], { DATABASE_URL: undefined })
      expect(cli.code, cli.stderr).toBe(0)
      expect(cli.stderr).toContain(`through the running server (pid ${first.pid})`)
      expect(cli.stdout).toContain('tessera-dev-app-000000001  Tessera Dev')
    } finally {
      const exited = new Promise<number | null>((resolve) => first.once('exit', resolve))
      first.kill('SIGTERM')
      expect(await exited).toBe(0)
    }
    // The OS lock went with the process: the directory opens again (the lock file itself stays, see db/lock.ts).
    expect((await runCli(['apps', 'list', '--data-dir', dataDir], { DATABASE_URL: undefined })).code).toBe(0)
  })
})
