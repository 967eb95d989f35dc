import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OTP_MAX_ATTEMPTS } from '../../../../src/protocol/index.js'
import { startTestServer, type TestServer } from '../../test-support/test-server.js'

let t: TestServer
beforeAll(async () => { t = await startTestServer() })
afterAll(async () => { await t?.close() })

let counter = 0
const freshEmail = () => `user${++counter}-${Date.now()}@example.com`
const init = (email: string, options: { token?: string; appId?: string } = {}) => t.call('/api/v1/passwordless/init', { body: { email }, ...options })
const authenticate = (email: string, code: string, extra: Record<string, unknown> = {}) =>
  t.call('/api/v1/passwordless/authenticate', { body: { email, code, ...extra } })
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')
const expectInvalidCode = (response: { status: number; body: any }) => {
  expect(response.status).toBe(400)
  expect(response.body).toEqual({ error: 'Invalid or expired verification code', code: 'invalid_credentials' })
}
const countSessions = async (email: string) => {
  const [row] = await t.db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM sessions s JOIN linked_accounts a ON a.user_id = s.user_id WHERE a.type = 'email' AND a.address = $1",
    [email],
  )
  return row!.n
}

describe('email login', () => {
  it('signs in a new user, then the same user again', async () => {
    const email = freshEmail()
    const sent = await init(email.toUpperCase())
    expect(sent).toMatchObject({ status: 200, body: { success: true } })
    const first = await authenticate(email, t.inbox.lastCode(email))
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({ is_new_user: true, session_update_action: 'set' })
    expect(first.body.user.linked_accounts).toEqual([expect.objectContaining({ type: 'email', address: email })])
    expect(first.body.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(first.body.identity_token).toBeTruthy()

    t.clock.advance(31)
    await init(email)
    const second = await authenticate(email.toUpperCase(), t.inbox.lastCode(email))
    expect(second.status).toBe(200)
    expect(second.body.is_new_user).toBe(false)
    expect(second.body.user.id).toBe(first.body.user.id)
    expect(second.body.refresh_token).not.toBe(first.body.refresh_token)
  })

  it('answers init identically for known and unknown emails', async () => {
    const known = freshEmail()
    await t.login(known)
    t.clock.advance(31)
    const a = await init(known)
    const b = await init(freshEmail())
    expect([a.status, a.body]).toEqual([b.status, b.body])
  })

  it('rejects a code the second time (single use)', async () => {
    const email = freshEmail()
    await init(email)
    const code = t.inbox.lastCode(email)
    expect((await authenticate(email, code)).status).toBe(200)
    expectInvalidCode(await authenticate(email, code))
    expect(await countSessions(email)).toBe(1)
  })

  it('creates exactly one session from 20 parallel submissions of the correct code', async () => {
    const email = freshEmail()
    await init(email)
    const code = t.inbox.lastCode(email)
    const results = await Promise.all(Array.from({ length: 20 }, () => authenticate(email, code)))
    expect(results.filter((r) => r.status === 200)).toHaveLength(1)
    for (const r of results.filter((r) => r.status !== 200)) expectInvalidCode(r)
    expect(await countSessions(email)).toBe(1)
  })

  it('kills the code after 5 wrong attempts', async () => {
    const email = freshEmail()
    await init(email)
    const code = t.inbox.lastCode(email)
    for (let i = 0; i < OTP_MAX_ATTEMPTS; i++) expectInvalidCode(await authenticate(email, wrongCode(code)))
    expectInvalidCode(await authenticate(email, code))
  })

  it('records at most 5 attempts from a parallel burst of 50 wrong codes', async () => {
    const email = freshEmail()
    await init(email)
    const code = t.inbox.lastCode(email)
    const results = await Promise.all(Array.from({ length: 50 }, () => authenticate(email, wrongCode(code))))
    for (const r of results) expectInvalidCode(r)
    const [row] = await t.db.query<{ attempts: number }>('SELECT attempts FROM otp_codes WHERE identifier = $1', [email])
    expect(row!.attempts).toBe(OTP_MAX_ATTEMPTS)
    expectInvalidCode(await authenticate(email, code))
  })

  it('expires a code after 10 minutes', async () => {
    const email = freshEmail()
    await init(email)
    const code = t.inbox.lastCode(email)
    t.clock.advance(10 * 60 + 1)
    expectInvalidCode(await authenticate(email, code))
  })

  it('retires the previous code on resend, and enforces the resend cooldown', async () => {
    const email = freshEmail()
    await init(email)
    const oldCode = t.inbox.lastCode(email)
    const tooSoon = await init(email)
    expect(tooSoon.status).toBe(429)
    expect(tooSoon.body.code).toBe('too_many_requests')
    expect(Number(tooSoon.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(Number(tooSoon.headers.get('retry-after'))).toBeLessThanOrEqual(30)
    t.clock.advance(31)
    expect((await init(email)).status).toBe(200)
    let newCode = t.inbox.lastCode(email)
    if (newCode === oldCode) {
      // One in a million: draw again so the old/new distinction is real.
      t.clock.advance(31)
      await init(email)
      newCode = t.inbox.lastCode(email)
    }
    expectInvalidCode(await authenticate(email, oldCode))
    expect((await authenticate(email, newCode)).status).toBe(200)
  })

  it('caps sends per identifier', async () => {
    const email = freshEmail()
    for (let i = 0; i < 5; i++) {
      expect((await init(email)).status).toBe(200)
      t.clock.advance(31)
    }
    const capped = await init(email)
    expect(capped.status).toBe(429)
    expect(capped.body.code).toBe('too_many_requests')
  })

  it('binds a code to its email and to its purpose', async () => {
    const a = freshEmail()
    const b = freshEmail()
    await init(a)
    await init(b)
    const codeA = t.inbox.lastCode(a)
    const codeB = t.inbox.lastCode(b)
    if (codeA !== codeB) expectInvalidCode(await authenticate(b, codeA))
    // A login code cannot link: link codes are bound to the signed-in user.
    const other = await t.login(freshEmail())
    const linked = await t.call('/api/v1/passwordless/link', { body: { email: b, code: codeB }, token: other.body.token })
    expectInvalidCode(linked)
    expect((await authenticate(b, codeB)).status).toBe(200)
    // And a link code cannot log in.
    const target = freshEmail()
    await init(target, { token: other.body.token })
    expectInvalidCode(await authenticate(target, t.inbox.lastCode(target)))
  })

  it('refuses plus addresses when the app disables them', async () => {
    const app = await t.createApp({ name: 'No plus', disablePlusEmails: true })
    const response = await init('someone+tag@example.com', { appId: app.id })
    expect(response.status).toBe(400)
    expect(response.body.code).toBe('disallowed_plus_email')
    expect((await init('someone@example.com', { appId: app.id })).status).toBe(200)
  })

  it('refuses email login when the app does not enable it', async () => {
    const app = await t.createApp({ name: 'No email', loginMethods: [] })
    const response = await init(freshEmail(), { appId: app.id })
    expect(response.status).toBe(403)
    expect(response.body.code).toBe('disallowed_login_method')
  })

  it('rejects an invalid email with 400 invalid_data', async () => {
    for (const email of ['not-an-email', 'a@b', '', 'a b@c.de', 42]) {
      const response = await t.call('/api/v1/passwordless/init', { body: { email } })
      expect(response.status).toBe(400)
      expect(response.body.code).toBe('invalid_data')
    }
  })

  it('does not sign up in no-signup mode', async () => {
    const email = freshEmail()
    await init(email)
    const response = await authenticate(email, t.inbox.lastCode(email), { mode: 'no-signup' })
    expect(response.status).toBe(400)
    expect(response.body.code).toBe('user_does_not_exist')
    const [row] = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM linked_accounts WHERE address = $1", [email])
    expect(row!.n).toBe(0)
    const known = freshEmail()
    await t.login(known)
    t.clock.advance(31)
    await init(known)
    expect((await authenticate(known, t.inbox.lastCode(known), { mode: 'no-signup' })).status).toBe(200)
  })

  it('keeps no plaintext code in the database', async () => {
    const email = freshEmail()
    await init(email)
    const code = t.inbox.lastCode(email)
    const tables = await t.db.query<{ tablename: string }>("SELECT tablename FROM pg_tables WHERE schemaname = current_schema()")
    expect(tables.length).toBeGreaterThan(5)
    for (const { tablename } of tables) {
      const rows = await t.db.query(`SELECT * FROM ${tablename}`)
      expect(JSON.stringify(rows)).not.toContain(code)
    }
  })

  it('fails closed on per-IP limits', async () => {
    const limited = await startTestServer({ server: { rateLimits: { initPerIp: { max: 2, windowSeconds: 60 } } } })
    try {
      const results = await Promise.all(Array.from({ length: 4 }, (_, i) => limited.call('/api/v1/passwordless/init', { body: { email: `ip${i}@example.com` } })))
      expect(results.filter((r) => r.status === 200)).toHaveLength(2)
      expect(results.filter((r) => r.status === 429)).toHaveLength(2)
      // Without trustProxy a spoofed X-Forwarded-For does not change the bucket.
      const spoofed = await limited.call('/api/v1/passwordless/init', { body: { email: 'ip9@example.com' }, headers: { 'x-forwarded-for': '203.0.113.9' } })
      expect(spoofed.status).toBe(429)
    } finally {
      await limited.close()
    }
  })
})

describe('per-IP buckets behind a trusted proxy', () => {
  it('uses the first X-Forwarded-For hop only when trustProxy is set', async () => {
    const proxied = await startTestServer({ server: { trustProxy: true, rateLimits: { initPerIp: { max: 1, windowSeconds: 60 } } } })
    try {
      const send = (email: string, ip: string) => proxied.call('/api/v1/passwordless/init', { body: { email }, headers: { 'x-forwarded-for': `${ip}, 10.0.0.1` } })
      expect((await send('p1@example.com', '198.51.100.1')).status).toBe(200)
      expect((await send('p2@example.com', '198.51.100.2')).status).toBe(200)
      expect((await send('p3@example.com', '198.51.100.1')).status).toBe(429)
    } finally {
      await proxied.close()
    }
  })
})

describe('account enumeration', () => {
  it('takes the same time to send a code to known and unknown emails', async () => {
    const known = Array.from({ length: 12 }, freshEmail)
    for (const email of known) await t.login(email)
    t.clock.advance(31)
    const timings: Record<'known' | 'unknown', number[]> = { known: [], unknown: [] }
    for (const email of known) {
      for (const [kind, address] of [['known', email], ['unknown', freshEmail()]] as const) {
        const started = performance.now()
        expect((await init(address)).status).toBe(200)
        timings[kind].push(performance.now() - started)
      }
    }
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!
    expect(Math.abs(median(timings.known) - median(timings.unknown))).toBeLessThan(20)
  })
})

describe('link, unlink, update', () => {
  it('links a second email, unlinks it, refuses to unlink the last one', async () => {
    const primary = freshEmail()
    const login = await t.login(primary)
    const token = login.body.token as string
    const second = freshEmail()
    await init(second, { token })
    const linked = await t.call('/api/v1/passwordless/link', { body: { email: second, code: t.inbox.lastCode(second) }, token })
    expect(linked.status).toBe(200)
    expect(linked.body.linked_accounts.map((a: { address: string }) => a.address)).toEqual([primary, second])

    const unlinked = await t.call('/api/v1/passwordless/unlink', { body: { address: second }, token })
    expect(unlinked.status).toBe(200)
    expect(unlinked.body.linked_accounts).toHaveLength(1)
    const sole = await t.call('/api/v1/passwordless/unlink', { body: { address: primary }, token })
    expect(sole.status).toBe(400)
    expect(sole.body.code).toBe('cannot_unlink_sole_account')
    const missing = await t.call('/api/v1/passwordless/unlink', { body: { address: freshEmail() }, token })
    expect(missing.status).toBe(404)
    expect(missing.body.code).toBe('linked_account_not_found')
    expect((await t.call('/api/v1/passwordless/unlink', { body: { address: primary } })).status).toBe(401)
  })

  it('updates an email with a code sent to the new address', async () => {
    const oldAddress = freshEmail()
    const token = (await t.login(oldAddress)).body.token as string
    const newAddress = freshEmail()
    await init(newAddress, { token })
    const code = t.inbox.lastCode(newAddress)
    const updated = await t.call('/api/v1/passwordless/update', { body: { oldAddress, newAddress, code }, token })
    expect(updated.status).toBe(200)
    expect(updated.body.linked_accounts).toEqual([expect.objectContaining({ type: 'email', address: newAddress })])
    t.clock.advance(31)
    await init(oldAddress)
    expect((await authenticate(oldAddress, t.inbox.lastCode(oldAddress))).body.is_new_user).toBe(true)
  })

  it('refuses to link an email owned by another user', async () => {
    const taken = freshEmail()
    await t.login(taken)
    const token = (await t.login(freshEmail())).body.token as string
    t.clock.advance(31)
    await init(taken, { token })
    const response = await t.call('/api/v1/passwordless/link', { body: { email: taken, code: t.inbox.lastCode(taken) }, token })
    expect(response.status).toBe(400)
    expect(response.body.code).toBe('linked_to_another_user')
  })
})
