import { createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto'
import { SignJWT, base64url, decodeJwt, decodeProtectedHeader, exportJWK, importJWK } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../test-support/test-server.js'
import { startServer } from '../server.js'
import { loadSigningKeys } from '../keys/signing-keys.js'
import { loadKeyEncryptionKeys } from '../secrets/kek-settings.js'
import { hashRefreshToken } from './refresh-token.js'

let t: TestServer
beforeAll(async () => {
  t = await startTestServer()
})
afterAll(async () => {
  await t?.close()
})

let counter = 0
const login = async () => {
  const response = await t.login(`session${++counter}-${Date.now()}@example.com`)
  expect(response.status).toBe(200)
  return response.body as { token: string; refresh_token: string; identity_token: string; user: { id: string } }
}
const refresh = (refreshToken?: string, token?: string) =>
  t.call('/api/v1/sessions', { body: refreshToken === undefined ? {} : { refresh_token: refreshToken }, token })
const me = (token: string, appId?: string) => t.call('/api/v1/users/me', { token, appId })
const expectInvalidToken = (response: { status: number; body: any }) => {
  expect(response.status).toBe(401)
  expect(response.body.code).toBe('missing_or_invalid_token')
}
const refreshedCount = async (token: string) => {
  const [row] = await t.db.query<{ refreshed_count: number }>('SELECT refreshed_count FROM sessions WHERE id = $1', [decodeJwt(token).sid])
  return row!.refreshed_count
}

describe('refresh tokens', () => {
  it('rotates on every use and stores only hashes', async () => {
    const session = await login()
    const first = await refresh(session.refresh_token)
    expect(first.status).toBe(200)
    expect(first.body.session_update_action).toBe('set')
    expect(first.body.refresh_token).not.toBe(session.refresh_token)
    expect(decodeJwt(first.body.token).sid).toBe(decodeJwt(session.token).sid)
    expect(first.body.user.id).toBe(session.user.id)
    const rows = await t.db.query<{ token_hash: string }>('SELECT token_hash FROM refresh_tokens')
    const dump = JSON.stringify(rows)
    expect(dump).not.toContain(session.refresh_token)
    expect(dump).not.toContain(first.body.refresh_token)
    expect(rows.map((r) => r.token_hash)).toContain(hashRefreshToken(first.body.refresh_token))
    expect(base64url.decode(first.body.refresh_token)).toHaveLength(32)
  })

  it('gives 20 concurrent refreshes with one token the same successor and advances the session once', async () => {
    const session = await login()
    const results = await Promise.all(Array.from({ length: 20 }, () => refresh(session.refresh_token)))
    expect(results.every((r) => r.status === 200)).toBe(true)
    expect(new Set(results.map((r) => r.body.refresh_token)).size).toBe(1)
    expect(await refreshedCount(session.token)).toBe(1)
    // The successor still works and moves the session on.
    const next = await refresh(results[0]!.body.refresh_token)
    expect(next.status).toBe(200)
    expect(await refreshedCount(session.token)).toBe(2)
  })

  it('revokes the whole session when a rotated token comes back after the grace window', async () => {
    const session = await login()
    const rt2 = (await refresh(session.refresh_token)).body.refresh_token as string
    const second = await refresh(rt2)
    const rt3 = second.body.refresh_token as string
    t.clock.advance(11)
    expectInvalidToken(await refresh(session.refresh_token))
    expectInvalidToken(await refresh(rt3))
    expectInvalidToken(await me(second.body.token))
  })

  it('rejects unknown, empty and foreign refresh tokens', async () => {
    expectInvalidToken(await refresh('not-a-token'))
    expectInvalidToken(await refresh())
    const session = await login()
    const other = await t.createApp({ name: 'Other' })
    expectInvalidToken(await t.call('/api/v1/sessions', { body: { refresh_token: session.refresh_token }, appId: other.id }))
  })

  it("answers 'ignore' with fresh access and identity tokens for a bearer-only refresh", async () => {
    const session = await login()
    const response = await refresh(undefined, session.token)
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({ session_update_action: 'ignore', refresh_token: null })
    expect(decodeJwt(response.body.token).sid).toBe(decodeJwt(session.token).sid)
    expect(response.body.identity_token).toBeTruthy()
  })

  it('refuses refresh after the refresh-token lifetime', async () => {
    const session = await login()
    t.clock.advance(30 * 24 * 3600 + 1)
    expectInvalidToken(await refresh(session.refresh_token))
  })

  it('ends a session at its absolute lifetime however often it was refreshed (docs/security.md #36)', async () => {
    let token = (await login()).refresh_token
    // Refreshed every 20 days, the session never goes idle, yet ends 90 days after sign-in.
    for (let day = 20; day < 90; day += 20) {
      t.clock.advance(20 * 24 * 3600)
      const refreshed = await refresh(token)
      expect(refreshed.status, `refresh on day ${day}`).toBe(200)
      token = refreshed.body.refresh_token
    }
    t.clock.advance(20 * 24 * 3600)
    expectInvalidToken(await refresh(token))
  })
})

describe('logout', () => {
  it('docs/security.md #35: logout revokes the session by refresh token: its refresh and access tokens are refused at once', async () => {
    const session = await login()
    const response = await t.call('/api/v1/sessions/logout', { body: { refresh_token: session.refresh_token }, token: session.token })
    expect(response).toMatchObject({ status: 200, body: {} })
    expectInvalidToken(await refresh(session.refresh_token))
    expectInvalidToken(await me(session.token))
  })

  it('docs/security.md #35: logout revokes the session by bearer alone', async () => {
    const session = await login()
    expect((await t.call('/api/v1/sessions/logout', { body: {}, token: session.token })).status).toBe(200)
    expectInvalidToken(await me(session.token))
    expectInvalidToken(await refresh(session.refresh_token))
  })
})

describe('users/me and terms', () => {
  it('returns the user with an identity token, and records accepted terms', async () => {
    const session = await login()
    const response = await me(session.token)
    expect(response.status).toBe(200)
    expect(response.body.user.id).toBe(session.user.id)
    expect(decodeProtectedHeader(response.body.identity_token).typ).toBe('id+jwt')
    expect(response.body.user.has_accepted_terms).toBe(false)
    const accepted = await t.call('/api/v1/users/me/accept_terms', { body: {}, token: session.token })
    expect(accepted.status).toBe(200)
    expect(accepted.body.has_accepted_terms).toBe(true)
    expect((await me(session.token)).body.user.has_accepted_terms).toBe(true)
  })
})

describe('forged and misused access tokens', () => {
  const claimsOf = (token: string) => decodeJwt(token)
  const unsigned = (header: object, payload: object) => `${base64url.encode(JSON.stringify(header))}.${base64url.encode(JSON.stringify(payload))}.`
  /** Signed with the server's own key (TESSERA_KEK is set for tests), so only the check under test can refuse it. */
  const signedByServer = async (claims: object, header: Record<string, unknown> = {}) => {
    const keys = await loadSigningKeys(t.db, loadKeyEncryptionKeys({ dev: false, dataDir: '' }), t.clock.now())
    return new SignJWT({ ...claims }).setProtectedHeader({ alg: 'ES256', typ: 'JWT', kid: keys.kid, ...header }).sign(keys.privateKey)
  }

  it('rejects alg none', async () => {
    const session = await login()
    const kid = decodeProtectedHeader(session.token).kid
    expectInvalidToken(await me(unsigned({ alg: 'none', typ: 'JWT', kid }, claimsOf(session.token))))
  })

  it('rejects HS256 signed with the public key', async () => {
    const session = await login()
    const { kid } = decodeProtectedHeader(session.token)
    const config = await t.call(`/api/v1/apps/${t.app.id}`, { appId: null })
    const forged = await new SignJWT(claimsOf(session.token))
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid })
      .sign(new TextEncoder().encode(config.body.verification_key))
    expectInvalidToken(await me(forged))
  })

  it('rejects an unknown kid and embedded-key headers', async () => {
    const session = await login()
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    const claims = claimsOf(session.token)
    const key = await importJWK(await exportJWK(createPrivateKey(privateKey.export({ format: 'pem', type: 'pkcs8' }))), 'ES256')
    const sign = (header: Record<string, unknown>) => new SignJWT(claims).setProtectedHeader({ alg: 'ES256', typ: 'JWT', ...header }).sign(key)
    expectInvalidToken(await me(await sign({ kid: 'unknown-kid' })))
    const jwk = await exportJWK(createPublicKey(publicKey.export({ format: 'pem', type: 'spki' })))
    expectInvalidToken(await me(await sign({ kid: decodeProtectedHeader(session.token).kid, jwk })))
    expectInvalidToken(await me(await sign({ kid: decodeProtectedHeader(session.token).kid, jku: 'http://evil.test/jwks.json' })))
  })

  it('docs/security.md #30: rejects x5u, x5c, jku and jwk headers even on a token our own key signed', async () => {
    const session = await login()
    const claims = claimsOf(session.token)
    // The control: the same claims signed the same way, without a key-carrying header, are accepted.
    expect((await me(await signedByServer(claims))).status).toBe(200)
    const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    const certificate = publicKey.export({ format: 'der', type: 'spki' }).toString('base64')
    expectInvalidToken(await me(await signedByServer(claims, { x5u: 'https://evil.test/cert.pem' })))
    expectInvalidToken(await me(await signedByServer(claims, { x5c: [certificate] })))
    expectInvalidToken(await me(await signedByServer(claims, { jku: 'https://evil.test/jwks.json' })))
    expectInvalidToken(await me(await signedByServer(claims, { jwk: await exportJWK(publicKey) })))
  })

  it('docs/security.md #31: rejects a token whose nbf is more than 60 s ahead, and accepts one within the leeway', async () => {
    const session = await login()
    const nowSeconds = Math.floor(t.clock.now() / 1000)
    expectInvalidToken(await me(await signedByServer({ ...claimsOf(session.token), nbf: nowSeconds + 61 })))
    expectInvalidToken(await me(await signedByServer({ ...claimsOf(session.token), nbf: nowSeconds + 600 })))
    expect((await me(await signedByServer({ ...claimsOf(session.token), nbf: nowSeconds + 30 }))).status).toBe(200)
  })

  it('rejects a token for another app, a tampered issuer, an expired token and an identity token', async () => {
    const session = await login()
    const other = await t.createApp({ name: 'Other app' })
    expectInvalidToken(await me(session.token, other.id))
    const [header, , signature] = session.token.split('.')
    const tampered = `${header}.${base64url.encode(JSON.stringify({ ...claimsOf(session.token), iss: 'evil' }))}.${signature}`
    expectInvalidToken(await me(tampered))
    expectInvalidToken(await me(session.identity_token))
    expect((await me(session.token)).status).toBe(200)
    t.clock.advance(3600 + 61)
    expectInvalidToken(await me(session.token))
  })

  it('accepts a token within the 60 s leeway and rejects one without a bearer', async () => {
    const session = await login()
    t.clock.advance(3600 + 30)
    expect((await me(session.token)).status).toBe(200)
    expectInvalidToken(await t.call('/api/v1/users/me'))
  })
})

describe('issuer check', () => {
  it('rejects a validly signed token from another issuer', async () => {
    // Same database (same keys, apps and sessions), different issuer: only `iss` differs.
    const other = await startServer({ port: 0, quiet: true, issuer: 'other.example' }, { db: t.db, clock: t.clock, delivery: t.inbox })
    try {
      const email = `issuer-${Date.now()}@example.com`
      const post = (path: string, body: unknown) =>
        fetch(other.url + path, { method: 'POST', headers: { 'privy-app-id': t.app.id, 'content-type': 'application/json' }, body: JSON.stringify(body) })
      await post('/api/v1/passwordless/init', { email })
      const login = (await (await post('/api/v1/passwordless/authenticate', { email, code: t.inbox.lastCode(email) })).json()) as { token: string }
      expect(decodeJwt(login.token).iss).toBe('other.example')
      expectInvalidToken(await me(login.token))
    } finally {
      await other.close()
    }
  })
})

describe('server token options', () => {
  it('honours accessTokenTtlSeconds and issuer', async () => {
    const short = await startTestServer({ server: { accessTokenTtlSeconds: 20, issuer: 'auth.example' } })
    try {
      const response = await short.login('short@example.com')
      const claims = decodeJwt(response.body.token)
      expect(claims.exp! - claims.iat!).toBe(20)
      expect(claims.iss).toBe('auth.example')
      expect((await short.call('/api/v1/users/me', { token: response.body.token })).status).toBe(200)
    } finally {
      await short.close()
    }
  })
})
