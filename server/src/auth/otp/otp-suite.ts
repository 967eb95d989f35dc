import { solveChallenge } from 'altcha-lib/v1'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OTP_MAX_ATTEMPTS, OTP_TTL_SECONDS, SMS_OTP_TTL_SECONDS, type CaptchaChallengeDto } from '../../../../src/protocol/index.js'
import type { AppInput } from '../../apps/types.js'
import { startTestServer, type ApiResponse, type TestServer } from '../../test-support/test-server.js'

/**
 * One-time codes by email and by SMS obey the same rules (docs/security.md #1–#10). This suite states them once;
 * `passwordless.test.ts` and `sms.test.ts` run it over their channel, through its own wire field names.
 */
export interface OtpDriver {
  name: 'email' | 'sms'
  base: '/api/v1/passwordless' | '/api/v1/passwordless_sms'
  accountType: 'email' | 'phone'
  ttlSeconds: number
  /** Wire names of the identifier per body (dto.ts). */
  fields: { identifier: string; unlink: string; updateOld: string; updateNew: string }
  /** A new identifier, as the server stores it. */
  fresh(): string
  /** Another spelling of the same identifier that the server normalises. */
  respell(identifier: string): string
  /** Malformed identifiers that must be 400 invalid_data. */
  invalid: unknown[]
}

let emails = 0
let phones = 0
export const emailDriver: OtpDriver = {
  name: 'email',
  base: '/api/v1/passwordless',
  accountType: 'email',
  ttlSeconds: OTP_TTL_SECONDS,
  fields: { identifier: 'email', unlink: 'address', updateOld: 'oldAddress', updateNew: 'newAddress' },
  fresh: () => `user${++emails}-${Date.now()}@example.com`,
  respell: (email) => email.toUpperCase(),
  invalid: ['not-an-email', 'a@b', '', 'a b@c.de', 42],
}
export const smsDriver: OtpDriver = {
  name: 'sms',
  base: '/api/v1/passwordless_sms',
  accountType: 'phone',
  ttlSeconds: SMS_OTP_TTL_SECONDS,
  fields: { identifier: 'phoneNumber', unlink: 'phoneNumber', updateOld: 'old_phone_number', updateNew: 'new_phone_number' },
  // San Francisco numbers +1 415 2xx xxxx: valid, and unique within a test file.
  fresh: () => `+14152${String(++phones).padStart(6, '0')}`,
  respell: (e164) => `+1 (${e164.slice(2, 5)}) ${e164.slice(5, 8)}-${e164.slice(8)}`,
  invalid: ['4155550100', '+1 555 555 5555', '+12345', 'not a number', '', '+1 415 555 0100\u0000', 14155550100],
}

/** Both channels on, so a user can sign in with one and link the other. */
export const otpApp: AppInput = { name: 'OTP App', loginMethods: ['email', 'sms'] }

export interface OtpHarness {
  readonly t: TestServer
  driver: OtpDriver
  init(identifier: string, options?: { token?: string; appId?: string; captcha?: string }): Promise<ApiResponse>
  authenticate(identifier: string, code: string, extra?: Record<string, unknown>, appId?: string): Promise<ApiResponse>
  link(identifier: string, code: string, token: string): Promise<ApiResponse>
  unlink(identifier: string, token?: string): Promise<ApiResponse>
  update(oldIdentifier: string, newIdentifier: string, code: string, token: string): Promise<ApiResponse>
  transfer(nonce: string, identifier: string, token?: string): Promise<ApiResponse>
  lastCode(identifier: string): string
  /** Sends a code and signs in with it; returns the authenticate response. */
  login(identifier: string, appId?: string): Promise<ApiResponse>
  /** The access token of a new user signed in through the other channel. */
  loginOther(appId?: string): Promise<string>
  countSessions(identifier: string): Promise<number>
}

export const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')
export const expectInvalidCode = (response: ApiResponse) => {
  expect(response.status).toBe(400)
  expect(response.body).toEqual({ error: 'Invalid or expired verification code', code: 'invalid_credentials' })
}

/** Calls of one channel against a test server (its own, or one the caller passes per call). */
function channelCalls(driver: OtpDriver, server: () => TestServer) {
  const f = driver.fields
  const post = (path: string, body: Record<string, unknown>, options: { token?: string; appId?: string } = {}) =>
    server().call(`${driver.base}/${path}`, { body, ...options })
  return {
    init: (identifier: string, options: { token?: string; appId?: string; captcha?: string } = {}) =>
      post('init', { [f.identifier]: identifier, ...(options.captcha ? { token: options.captcha } : {}) }, options),
    authenticate: (identifier: string, code: string, extra: Record<string, unknown> = {}, appId?: string) =>
      post('authenticate', { [f.identifier]: identifier, code, ...extra }, { appId }),
    link: (identifier: string, code: string, token: string) => post('link', { [f.identifier]: identifier, code }, { token }),
    unlink: (identifier: string, token?: string) => post('unlink', { [f.unlink]: identifier }, { token }),
    update: (oldIdentifier: string, newIdentifier: string, code: string, token: string) =>
      post('update', { [f.updateOld]: oldIdentifier, [f.updateNew]: newIdentifier, code }, { token }),
    transfer: (nonce: string, identifier: string, token?: string) => post('transfer', { nonce, [f.identifier]: identifier }, { token }),
  }
}

/** Starts a test server (both channels on) for the file and returns the channel's calls over it. */
export function otpHarness(driver: OtpDriver): OtpHarness {
  let server: TestServer | undefined
  beforeAll(async () => {
    // Generous limits (the fixed per-IP source, and one calling code for every test number); tests of the limits start their own server.
    const generous = { max: 10_000, windowSeconds: 60 }
    const rateLimits = { initPerIp: generous, authenticatePerIp: generous, smsSendsPerCountryCode: generous }
    server = await startTestServer({ app: otpApp, server: { rateLimits } })
  })
  afterAll(async () => {
    await server?.close()
  })
  const t = () => server!
  const calls = channelCalls(driver, t)
  const other = driver.name === 'email' ? smsDriver : emailDriver
  const otherCalls = channelCalls(other, t)
  const lastCode = (identifier: string) => t().inbox.lastCode(identifier)
  return {
    get t() {
      return t()
    },
    driver,
    ...calls,
    lastCode,
    async login(identifier, appId) {
      const sent = await calls.init(identifier, { appId })
      if (sent.status !== 200) throw new Error(`init failed: ${sent.status} ${JSON.stringify(sent.body)}`)
      return calls.authenticate(identifier, lastCode(identifier), {}, appId)
    },
    async loginOther(appId) {
      const identifier = other.fresh()
      await otherCalls.init(identifier, { appId })
      const response = await otherCalls.authenticate(identifier, lastCode(identifier), {}, appId)
      if (response.status !== 200) throw new Error(`login failed: ${response.status} ${JSON.stringify(response.body)}`)
      return response.body.token as string
    },
    async countSessions(identifier) {
      const [row] = await t().db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM sessions s JOIN linked_accounts a ON a.user_id = s.user_id WHERE a.type = $1 AND a.address = $2',
        [driver.accountType, identifier],
      )
      return row!.n
    },
  }
}

/** docs/security.md #1–#10 and the code, link and transfer rules, for one channel. */
export function describeOtpProperties(h: OtpHarness): void {
  const { driver } = h
  const { fresh } = driver

  describe(`${driver.name} one-time codes`, () => {
    it('signs in a new user, then the same user again', async () => {
      const id = fresh()
      const sent = await h.init(driver.respell(id))
      expect(sent).toMatchObject({ status: 200, body: { success: true } })
      const first = await h.authenticate(id, h.lastCode(id))
      expect(first.status).toBe(200)
      expect(first.body).toMatchObject({ is_new_user: true, session_update_action: 'set' })
      expect(first.body.user.linked_accounts).toEqual([expect.objectContaining({ type: driver.accountType })])
      expect(first.body.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/)
      expect(first.body.identity_token).toBeTruthy()

      h.t.clock.advance(31)
      await h.init(id)
      const second = await h.authenticate(driver.respell(id), h.lastCode(id))
      expect(second.status).toBe(200)
      expect(second.body.is_new_user).toBe(false)
      expect(second.body.user.id).toBe(first.body.user.id)
      expect(second.body.refresh_token).not.toBe(first.body.refresh_token)
    })

    it('answers init identically for known and unknown identifiers (#10)', async () => {
      const known = fresh()
      await h.login(known)
      h.t.clock.advance(31)
      const a = await h.init(known)
      const b = await h.init(fresh())
      expect([a.status, a.body]).toEqual([b.status, b.body])
    })

    // #10's timing holds by construction (send-enumeration.test.ts: the same statements either way) and is measured in `npm run bench -- flood`.

    it('rejects a code the second time (single use, #2)', async () => {
      const id = fresh()
      await h.init(id)
      const code = h.lastCode(id)
      expect((await h.authenticate(id, code)).status).toBe(200)
      expectInvalidCode(await h.authenticate(id, code))
      expect(await h.countSessions(id)).toBe(1)
    })

    it('creates exactly one session from 20 parallel submissions of the correct code (#3)', async () => {
      const id = fresh()
      await h.init(id)
      const code = h.lastCode(id)
      const results = await Promise.all(Array.from({ length: 20 }, () => h.authenticate(id, code)))
      expect(results.filter((r) => r.status === 200)).toHaveLength(1)
      for (const r of results.filter((r) => r.status !== 200)) expectInvalidCode(r)
      expect(await h.countSessions(id)).toBe(1)
    })

    it('kills the code after 5 wrong attempts (#4)', async () => {
      const id = fresh()
      await h.init(id)
      const code = h.lastCode(id)
      for (let i = 0; i < OTP_MAX_ATTEMPTS; i++) expectInvalidCode(await h.authenticate(id, wrongCode(code)))
      expectInvalidCode(await h.authenticate(id, code))
    })

    it('records at most 5 attempts from a parallel burst of 50 wrong codes (#4)', async () => {
      const id = fresh()
      await h.init(id)
      const code = h.lastCode(id)
      const results = await Promise.all(Array.from({ length: 50 }, () => h.authenticate(id, wrongCode(code))))
      for (const r of results) expectInvalidCode(r)
      const [row] = await h.t.db.query<{ attempts: number }>('SELECT attempts FROM otp_codes WHERE identifier = $1', [id])
      expect(row!.attempts).toBe(OTP_MAX_ATTEMPTS)
      expectInvalidCode(await h.authenticate(id, code))
    })

    it(`expires a code after ${driver.ttlSeconds / 60} minutes (#5)`, async () => {
      const live = fresh()
      await h.init(live)
      h.t.clock.advance(driver.ttlSeconds - 5)
      expect((await h.authenticate(live, h.lastCode(live))).status).toBe(200)
      const id = fresh()
      await h.init(id)
      h.t.clock.advance(driver.ttlSeconds + 1)
      expectInvalidCode(await h.authenticate(id, h.lastCode(id)))
    })

    it('retires the previous code on resend, and enforces the resend cooldown (#6)', async () => {
      const id = fresh()
      await h.init(id)
      const oldCode = h.lastCode(id)
      const tooSoon = await h.init(id)
      expect(tooSoon.status).toBe(429)
      expect(tooSoon.body.code).toBe('too_many_requests')
      expect(Number(tooSoon.headers.get('retry-after'))).toBeGreaterThan(0)
      expect(Number(tooSoon.headers.get('retry-after'))).toBeLessThanOrEqual(30)
      h.t.clock.advance(31)
      expect((await h.init(id)).status).toBe(200)
      let newCode = h.lastCode(id)
      if (newCode === oldCode) {
        // One in a million: draw again so the old/new distinction is real.
        h.t.clock.advance(31)
        await h.init(id)
        newCode = h.lastCode(id)
      }
      expectInvalidCode(await h.authenticate(id, oldCode))
      expect((await h.authenticate(id, newCode)).status).toBe(200)
    })

    it('caps sends per identifier (#8)', async () => {
      const id = fresh()
      for (let i = 0; i < 5; i++) {
        expect((await h.init(id)).status).toBe(200)
        h.t.clock.advance(31)
      }
      const capped = await h.init(id)
      expect(capped.status).toBe(429)
      expect(capped.body.code).toBe('too_many_requests')
      expect(Number(capped.headers.get('retry-after'))).toBeGreaterThan(0)
    })

    it('binds a code to its identifier and to its purpose (#7)', async () => {
      const a = fresh()
      const b = fresh()
      await h.init(a)
      await h.init(b)
      const codeA = h.lastCode(a)
      const codeB = h.lastCode(b)
      if (codeA !== codeB) expectInvalidCode(await h.authenticate(b, codeA))
      // A login code cannot link: link codes are bound to the signed-in user.
      const token = await h.loginOther()
      expectInvalidCode(await h.link(b, codeB, token))
      expect((await h.authenticate(b, codeB)).status).toBe(200)
      // And a link code cannot log in.
      const target = fresh()
      await h.init(target, { token })
      expectInvalidCode(await h.authenticate(target, h.lastCode(target)))
    })

    it('rejects a malformed identifier with 400 invalid_data', async () => {
      for (const identifier of driver.invalid) {
        const response = await h.t.call(`${driver.base}/init`, { body: { [driver.fields.identifier]: identifier } })
        expect(response.status).toBe(400)
        expect(response.body.code).toBe('invalid_data')
      }
    })

    it('does not sign up in no-signup mode', async () => {
      const id = fresh()
      await h.init(id)
      const response = await h.authenticate(id, h.lastCode(id), { mode: 'no-signup' })
      expect(response.status).toBe(400)
      expect(response.body.code).toBe('user_does_not_exist')
      const [row] = await h.t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM linked_accounts WHERE address = $1', [id])
      expect(row!.n).toBe(0)
      const known = fresh()
      await h.login(known)
      h.t.clock.advance(31)
      await h.init(known)
      expect((await h.authenticate(known, h.lastCode(known), { mode: 'no-signup' })).status).toBe(200)
    })

    it('keeps no plaintext code in the database (#9)', async () => {
      const id = fresh()
      await h.init(id)
      const code = h.lastCode(id)
      const tables = await h.t.db.query<{ tablename: string }>('SELECT tablename FROM pg_tables WHERE schemaname = current_schema()')
      expect(tables.length).toBeGreaterThan(5)
      for (const { tablename } of tables) {
        const rows = await h.t.db.query(`SELECT * FROM ${tablename}`)
        expect(JSON.stringify(rows)).not.toContain(code)
      }
    })

    it('refuses the method when the app does not enable it', async () => {
      const app = await h.t.createApp({ name: 'Nothing on', loginMethods: [] })
      const response = await h.init(fresh(), { appId: app.id })
      expect(response.status).toBe(403)
      expect(response.body.code).toBe('disallowed_login_method')
    })

    it('asks for a solved CAPTCHA before sending when the app turns it on', async () => {
      const app = await h.t.createApp({
        ...otpApp,
        name: 'Captcha',
        captcha: { provider: 'altcha', siteKey: null, secretKey: null, verifyUrl: null, altchaMaxNumber: 1000 },
      })
      const id = fresh()
      for (const captcha of [undefined, 'not-a-token']) {
        const refused = await h.init(id, { appId: app.id, captcha })
        expect(refused.status).toBe(400)
        expect(refused.body.code).toBe('invalid_captcha')
      }
      expect(() => h.lastCode(id)).toThrow()
      const challenge = (await h.t.call<CaptchaChallengeDto>('/api/v1/captcha/challenge', { appId: app.id })).body
      const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise
      const token = Buffer.from(JSON.stringify({ ...challenge, number: solution!.number })).toString('base64')
      // The refusals above did not start the resend cooldown: the solved request is sent at once.
      expect((await h.init(id, { appId: app.id, captcha: token })).status).toBe(200)
      expect(h.lastCode(id)).toMatch(/^\d{6}$/)
    })
  })

  describe(`${driver.name} per-IP limits (#8, #55)`, () => {
    it('fails closed on per-IP limits; a spoofed X-Forwarded-For does not change the bucket', async () => {
      const limited = await startTestServer({ app: otpApp, server: { rateLimits: { initPerIp: { max: 2, windowSeconds: 60 } } } })
      const calls = channelCalls(driver, () => limited)
      try {
        const results = await Promise.all(Array.from({ length: 4 }, () => calls.init(fresh())))
        expect(results.filter((r) => r.status === 200)).toHaveLength(2)
        expect(results.filter((r) => r.status === 429)).toHaveLength(2)
        const spoofed = await limited.call(`${driver.base}/init`, {
          body: { [driver.fields.identifier]: fresh() },
          headers: { 'x-forwarded-for': '203.0.113.9' },
        })
        expect(spoofed.status).toBe(429)
      } finally {
        await limited.close()
      }
    })

    it('uses the X-Forwarded-For entry the trusted proxy appended (the last) only when trustProxy is set', async () => {
      const proxied = await startTestServer({ app: otpApp, server: { trustProxy: true, rateLimits: { initPerIp: { max: 1, windowSeconds: 60 } } } })
      try {
        const send = (ip: string) =>
          proxied.call(`${driver.base}/init`, { body: { [driver.fields.identifier]: fresh() }, headers: { 'x-forwarded-for': `10.0.0.1, ${ip}` } })
        expect((await send('198.51.100.1')).status).toBe(200)
        expect((await send('198.51.100.2')).status).toBe(200)
        expect((await send('198.51.100.1')).status).toBe(429)
      } finally {
        await proxied.close()
      }
    })
  })

  describe(`${driver.name} link, unlink, update, transfer`, () => {
    it('links to a user of the other method, unlinks, refuses to unlink a sole account', async () => {
      const token = await h.loginOther()
      const id = fresh()
      await h.init(id, { token })
      const linked = await h.link(id, h.lastCode(id), token)
      expect(linked.status).toBe(200)
      expect(linked.body.linked_accounts.map((a: { type: string }) => a.type).sort()).toEqual(['email', 'phone'])

      const unlinked = await h.unlink(driver.respell(id), token)
      expect(unlinked.status).toBe(200)
      expect(unlinked.body.linked_accounts).toHaveLength(1)
      const missing = await h.unlink(id, token)
      expect(missing.status).toBe(404)
      expect(missing.body.code).toBe('linked_account_not_found')
      expect((await h.unlink(id)).status).toBe(401)

      const sole = fresh()
      const soleToken = (await h.login(sole)).body.token as string
      const refused = await h.unlink(sole, soleToken)
      expect(refused.status).toBe(400)
      expect(refused.body.code).toBe('cannot_unlink_sole_account')
    })

    it(`allows one ${driver.accountType} account per user`, async () => {
      const token = (await h.login(fresh())).body.token as string
      const second = fresh()
      await h.init(second, { token })
      const response = await h.link(second, h.lastCode(second), token)
      expect(response.status).toBe(400)
      expect(response.body).toEqual({ code: 'cannot_link_more_of_type', error: `User already has an account of type ${driver.accountType} linked.` })
    })

    it('refuses to link an identifier another user holds when the app offers no transfers', async () => {
      const app = await h.t.createApp({ ...otpApp, name: 'No transfers', accountTransferEnabled: false })
      const taken = fresh()
      await h.login(taken, app.id)
      const token = await h.loginOther(app.id)
      h.t.clock.advance(31)
      await h.init(taken, { token, appId: app.id })
      const response = await h.t.call(`${driver.base}/link`, { body: { [driver.fields.identifier]: taken, code: h.lastCode(taken) }, token, appId: app.id })
      expect(response.status).toBe(400)
      expect(response.body.code).toBe('linked_to_another_user')
    })

    it('updates the identifier with a code sent to the new one', async () => {
      const oldId = fresh()
      const token = (await h.login(oldId)).body.token as string
      const newId = fresh()
      await h.init(newId, { token })
      const code = h.lastCode(newId)
      const notMine = await h.update(fresh(), newId, code, token)
      expect(notMine.status).toBe(404)
      expect(notMine.body.code).toBe('linked_account_not_found')
      expectInvalidCode(await h.update(oldId, newId, wrongCode(code), token))
      const updated = await h.update(driver.respell(oldId), newId, code, token)
      expect(updated.status).toBe(200)
      expect(updated.body.linked_accounts).toHaveLength(1)
      expect(updated.body.linked_accounts[0].type).toBe(driver.accountType)
      expect(JSON.stringify(updated.body.linked_accounts[0])).toContain(newId)
      h.t.clock.advance(31)
      await h.init(oldId)
      expect((await h.authenticate(oldId, h.lastCode(oldId))).body.is_new_user).toBe(true)

      // A new identifier another user holds cannot be taken over by an update.
      const taken = fresh()
      await h.login(taken)
      h.t.clock.advance(31)
      await h.init(taken, { token })
      const refused = await h.update(newId, taken, h.lastCode(taken), token)
      expect(refused.status).toBe(400)
      expect(refused.body.code).toBe('linked_to_another_user')
    })

    it('offers a transfer when the app allows it, and moves the account once', async () => {
      const app = await h.t.createApp({ ...otpApp, name: 'Transfers', accountTransferEnabled: true })
      const id = fresh()
      const previous = await h.login(id, app.id)
      const token = await h.loginOther(app.id)
      h.t.clock.advance(31)
      await h.init(id, { token, appId: app.id })
      const offer = await h.t.call(`${driver.base}/link`, { body: { [driver.fields.identifier]: id, code: h.lastCode(id) }, token, appId: app.id })
      expect(offer.status).toBe(400)
      expect(offer.body.code).toBe('account_transfer_required')
      expect(offer.body.data).toMatchObject({ nonce: expect.any(String), account: { displayName: id } })
      const nonce = offer.body.data.nonce as string

      const transferCall = (body: Record<string, unknown>, callerToken?: string, base: string = driver.base) =>
        h.t.call(`${base}/transfer`, { body, token: callerToken, appId: app.id })
      expect((await transferCall({ nonce, [driver.fields.identifier]: id })).status).toBe(401)
      // The other channel's endpoint refuses this account type (and does not spend the nonce on it).
      const other = driver.name === 'email' ? smsDriver : emailDriver
      const wrongType = await transferCall({ nonce, [other.fields.identifier]: other.fresh() }, token, other.base)
      expect(wrongType.status).toBe(400)
      expect(wrongType.body).toEqual({ code: 'invalid_data', error: 'Invalid transfer account type' })

      const moved = await transferCall({ nonce, [driver.fields.identifier]: id }, token)
      expect(moved.status).toBe(200)
      expect(moved.body.linked_accounts.map((a: { type: string }) => a.type).sort()).toEqual(['email', 'phone'])
      const again = await transferCall({ nonce, [driver.fields.identifier]: id }, token)
      expect(again.status).toBe(400)
      h.t.clock.advance(31)
      const relogin = await h.login(id, app.id)
      expect(relogin.body.user.id).toBe(moved.body.id)
      expect(relogin.body.user.id).not.toBe(previous.body.user.id)
    })
  })
}
