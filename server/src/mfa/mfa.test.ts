import { Writable } from 'node:stream'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MFA_TOKEN_HEADER, SMS_OTP_TTL_SECONDS, mfaRoutes, toPasskeyWire } from '../../../src/protocol/index.js'
import { SoftwareAuthenticator, type CeremonyOverrides } from '../auth/passkey/test-support/software-authenticator.js'
import { startTestServer, TEST_ORIGIN, type ApiResponse, type TestServer } from '../test-support/test-server.js'
import { MFA_FAILURES } from './failure-counter.js'
import { authenticatorCode, callMfa, enrolTotp, nextTotpStep, signInUser, verifyTotp, type MfaTestUser } from './test-support.js'

let t: TestServer
let logs = ''
beforeAll(async () => {
  const plenty = { max: 10_000, windowSeconds: 60 }
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logs += chunk
      done()
    },
  })
  t = await startTestServer({
    app: { name: 'MFA App', loginMethods: ['email', 'sms', 'passkey'], allowedOrigins: [TEST_ORIGIN] },
    server: { rateLimits: { initPerIp: plenty, authenticatePerIp: plenty, smsSendsPerCountryCode: plenty, resendCooldownSeconds: 0 } },
    overrides: { logger: pino({ level: 'debug' }, sink) },
  })
})
afterAll(async () => {
  await t?.close()
})

const failure = (response: ApiResponse) => [response.status, response.body.code]
const invalidCode = [400, 'missing_or_invalid_mfa']
let phones = 0
const freshPhone = () => `+14153${String(++phones).padStart(6, '0')}`
const methods = (response: ApiResponse) => response.body.user.mfa_methods.map((method: { type: string }) => method.type)

describe('authenticator app (TOTP)', () => {
  it('init answers a 160-bit base32 secret and its otpauth URL, and keeps the secret sealed until enrolment', async () => {
    const user = await signInUser(t)
    const init = await callMfa(t, mfaRoutes.totpInit, user)
    expect(init.status).toBe(200)
    const { totpSecret, totpAuthUrl } = init.body
    expect(totpSecret).toMatch(/^[A-Z2-7]{32}$/)
    expect(totpAuthUrl).toBe(
      `otpauth://totp/MFA%20App:${encodeURIComponent(user.email)}?secret=${totpSecret}&issuer=MFA%20App&algorithm=SHA1&digits=6&period=30`,
    )
    const stored = JSON.stringify(await t.db.query('SELECT * FROM mfa_pending_totp WHERE user_id = $1', [user.userId]))
    expect(stored).toContain('totp.aes-256-gcm.v1.')
    expect(stored).not.toContain(totpSecret)
    expect((await t.call('/api/v1/users/me', { token: user.token })).body.user.mfa_methods).toEqual([])
  })

  it('enrols with a current code; a wrong, malformed or unrequested code is refused', async () => {
    const user = await signInUser(t)
    expect(failure(await callMfa(t, mfaRoutes.totpEnroll, user, { code: '123456' }))).toEqual([400, 'expired_or_invalid_mfa_token'])
    const { totpSecret } = (await callMfa(t, mfaRoutes.totpInit, user)).body
    nextTotpStep(t)
    const right = authenticatorCode(t, totpSecret)
    const wrong = await callMfa(t, mfaRoutes.totpEnroll, user, { code: right === '000000' ? '000001' : '000000' })
    expect(wrong.status).toBe(400)
    expect(wrong.body).toEqual({ code: 'missing_or_invalid_mfa', error: 'The code you entered is not valid' })
    expect(failure(await callMfa(t, mfaRoutes.totpEnroll, user, { code: '12345' }))).toEqual([400, 'invalid_data'])
    expect(failure(await callMfa(t, mfaRoutes.totpEnroll, user, { code: 123456 }))).toEqual([400, 'invalid_data'])
    // The test clock runs in real time: the enrolment's second is between the ones read around the call.
    const before = Math.floor(t.clock.now() / 1000)
    const enrolled = await callMfa(t, mfaRoutes.totpEnroll, user, { code: right })
    const after = Math.floor(t.clock.now() / 1000)
    expect(enrolled.status).toBe(200)
    expect(enrolled.body.user.mfa_methods).toEqual([{ type: 'totp', verified_at: expect.any(Number) }])
    expect(enrolled.body.user.mfa_methods[0].verified_at).toBeGreaterThanOrEqual(before)
    expect(enrolled.body.user.mfa_methods[0].verified_at).toBeLessThanOrEqual(after)
    expect((await t.call('/api/v1/users/me', { token: user.token })).body.user.mfa_methods).toEqual(enrolled.body.user.mfa_methods)
    // The pending secret is gone: enrolling twice needs a new init (and, now, an MFA token).
    expect(failure(await callMfa(t, mfaRoutes.totpEnroll, user, { code: right }))).toEqual([403, 'mfa_required'])
  })

  it('verifies the current step and ±1 step of drift, never ±2, on the server clock', async () => {
    const user = await signInUser(t)
    const secret = await enrolTotp(t, user)
    for (const steps of [-2, 2]) {
      nextTotpStep(t)
      expect(failure(await callMfa(t, mfaRoutes.totpVerify, user, { code: authenticatorCode(t, secret, steps) }))).toEqual(invalidCode)
    }
    for (const steps of [-1, 0, 1]) {
      nextTotpStep(t)
      nextTotpStep(t)
      const verified = await callMfa(t, mfaRoutes.totpVerify, user, { code: authenticatorCode(t, secret, steps) })
      expect(verified.status).toBe(200)
      expect(verified.body.token).toMatch(/^ey/)
    }
  })

  it('refuses a code reused in its step, and an earlier step once a later one was used (docs/security.md #50)', async () => {
    const user = await signInUser(t)
    const secret = await enrolTotp(t, user)
    // The enrolment's code is spent already.
    expect(failure(await callMfa(t, mfaRoutes.totpVerify, user, { code: authenticatorCode(t, secret) }))).toEqual(invalidCode)
    nextTotpStep(t)
    const code = authenticatorCode(t, secret)
    expect((await callMfa(t, mfaRoutes.totpVerify, user, { code })).status).toBe(200)
    expect(failure(await callMfa(t, mfaRoutes.totpVerify, user, { code }))).toEqual(invalidCode)
    nextTotpStep(t)
    expect((await callMfa(t, mfaRoutes.totpVerify, user, { code: authenticatorCode(t, secret, 1) })).status).toBe(200)
    expect(failure(await callMfa(t, mfaRoutes.totpVerify, user, { code: authenticatorCode(t, secret) }))).toEqual(invalidCode)
  })

  it('changing factors once enrolled needs a fresh MFA token; unenrol removes the method', async () => {
    const user = await signInUser(t)
    const secret = await enrolTotp(t, user)
    expect(failure(await callMfa(t, mfaRoutes.totpUnenroll, user))).toEqual([403, 'mfa_required'])
    expect(failure(await callMfa(t, mfaRoutes.smsEnroll, user, { code: '123456', phoneNumber: freshPhone() }))).toEqual([403, 'mfa_required'])
    expect(failure(await callMfa(t, mfaRoutes.passkeyEnrollment, user, { credential_ids: [] }))).toEqual([403, 'mfa_required'])
    const mfaToken = await verifyTotp(t, user, secret)
    const removed = await callMfa(t, mfaRoutes.totpUnenroll, user, {}, mfaToken)
    expect(removed.status).toBe(200)
    expect(removed.body.user.mfa_methods).toEqual([])
    expect(failure(await callMfa(t, mfaRoutes.totpVerify, user, { code: authenticatorCode(t, secret) }))).toEqual([400, 'invalid_data'])
  })

  it('re-enrolling replaces the secret: the old authenticator stops working', async () => {
    const user = await signInUser(t)
    const old = await enrolTotp(t, user)
    const replacement = await enrolTotp(t, user, await verifyTotp(t, user, old))
    nextTotpStep(t)
    expect(failure(await callMfa(t, mfaRoutes.totpVerify, user, { code: authenticatorCode(t, old) }))).toEqual(invalidCode)
    expect((await callMfa(t, mfaRoutes.totpVerify, user, { code: authenticatorCode(t, replacement) })).status).toBe(200)
  })
})

describe('the failure lockout (docs/security.md #50)', () => {
  it(`locks verification after ${MFA_FAILURES.max} wrong answers across factors for 15 minutes, even for a right code`, async () => {
    const user = await signInUser(t)
    const phone = freshPhone()
    expect((await callMfa(t, mfaRoutes.smsInit, user, { action: 'enroll', phoneNumber: phone })).status).toBe(200)
    expect((await callMfa(t, mfaRoutes.smsEnroll, user, { code: t.inbox.lastCode(phone), phoneNumber: phone })).status).toBe(200)
    expect((await callMfa(t, mfaRoutes.smsInit, user, { action: 'verify' })).status).toBe(200)
    const smsVerified = await callMfa(t, mfaRoutes.smsVerify, user, { code: t.inbox.lastCode(phone) })
    const secret = await enrolTotp(t, user, smsVerified.body.token)
    nextTotpStep(t)
    const wrongTotp = authenticatorCode(t, secret) === '000000' ? '000001' : '000000'
    for (let i = 0; i < 3; i++) expect(failure(await callMfa(t, mfaRoutes.totpVerify, user, { code: wrongTotp }))).toEqual(invalidCode)
    expect((await callMfa(t, mfaRoutes.smsInit, user, { action: 'verify' })).status).toBe(200)
    const smsCode = t.inbox.lastCode(phone)
    const wrongSms = smsCode === '000000' ? '000001' : '000000'
    for (let i = 0; i < 2; i++) expect(failure(await callMfa(t, mfaRoutes.smsVerify, user, { code: wrongSms }))).toEqual(invalidCode)
    for (const [route, code] of [
      [mfaRoutes.totpVerify, authenticatorCode(t, secret)],
      [mfaRoutes.smsVerify, smsCode],
    ] as const) {
      const locked = await callMfa(t, route, user, { code })
      expect(failure(locked)).toEqual([429, 'too_many_requests'])
      expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(800)
    }
    // Another user is not affected; the lock ends with the window.
    const other = await signInUser(t)
    expect(await verifyTotp(t, other, await enrolTotp(t, other))).toMatch(/^ey/)
    t.clock.advance(MFA_FAILURES.windowSeconds)
    nextTotpStep(t)
    expect((await callMfa(t, mfaRoutes.totpVerify, user, { code: authenticatorCode(t, secret) })).status).toBe(200)
  })
})

describe('SMS', () => {
  it('enrols a phone with the code texted to it, and verifies with a code sent to that phone', async () => {
    const user = await signInUser(t)
    const phone = freshPhone()
    const init = await callMfa(t, mfaRoutes.smsInit, user, { action: 'enroll', phoneNumber: `+1 (415) ${phone.slice(5, 8)}-${phone.slice(8)}` })
    expect(init.status).toBe(200)
    const message = t.inbox.lastMessage(phone)
    expect(message).toMatchObject({ channel: 'sms', to: phone })
    expect(message.code).toMatch(/^\d{6}$/)
    expect(message.text).toBe(`${message.code} is your verification code for MFA App. It expires in ${SMS_OTP_TTL_SECONDS / 60} minutes. Do not share it.`)
    // The code belongs to that phone only.
    expect(failure(await callMfa(t, mfaRoutes.smsEnroll, user, { code: message.code, phoneNumber: freshPhone() }))).toEqual(invalidCode)
    const enrolled = await callMfa(t, mfaRoutes.smsEnroll, user, { code: message.code, phoneNumber: phone })
    expect(enrolled.status).toBe(200)
    expect(methods(enrolled)).toEqual(['sms'])

    expect((await callMfa(t, mfaRoutes.smsInit, user, { action: 'verify' })).status).toBe(200)
    const code = t.inbox.lastCode(phone)
    expect(code).not.toBe(message.code)
    const verified = await callMfa(t, mfaRoutes.smsVerify, user, { code })
    expect(verified.status).toBe(200)
    expect(verified.body.token).toMatch(/^ey/)
    // Single use.
    expect(failure(await callMfa(t, mfaRoutes.smsVerify, user, { code }))).toEqual([400, 'expired_or_invalid_mfa_token'])

    const removed = await callMfa(t, mfaRoutes.smsUnenroll, user, {}, verified.body.token)
    expect(removed.status).toBe(200)
    expect(methods(removed)).toEqual([])
  })

  it('an expired code is refused with expired_or_invalid_mfa_token, a wrong one with missing_or_invalid_mfa', async () => {
    const user = await signInUser(t)
    const phone = freshPhone()
    await callMfa(t, mfaRoutes.smsInit, user, { action: 'enroll', phoneNumber: phone })
    const code = t.inbox.lastCode(phone)
    expect(failure(await callMfa(t, mfaRoutes.smsEnroll, user, { code: code === '999999' ? '999998' : '999999', phoneNumber: phone }))).toEqual(invalidCode)
    t.clock.advance(SMS_OTP_TTL_SECONDS + 1)
    expect(failure(await callMfa(t, mfaRoutes.smsEnroll, user, { code, phoneNumber: phone }))).toEqual([400, 'expired_or_invalid_mfa_token'])
    expect(failure(await callMfa(t, mfaRoutes.smsVerify, user, { code }))).toEqual([400, 'invalid_data'])
    expect(failure(await callMfa(t, mfaRoutes.smsInit, user, { action: 'verify' }))).toEqual([400, 'invalid_data'])
  })

  it('refuses the phone the user signs in with (docs/security.md #51)', async () => {
    const phone = freshPhone()
    await t.call('/api/v1/passwordless_sms/init', { body: { phoneNumber: phone } })
    const login = await t.call('/api/v1/passwordless_sms/authenticate', { body: { phoneNumber: phone, code: t.inbox.lastCode(phone) } })
    expect(login.status).toBe(200)
    const user = { token: login.body.token }
    const sent = t.inbox.messages.length
    const refused = await callMfa(t, mfaRoutes.smsInit, user, { action: 'enroll', phoneNumber: phone })
    expect(refused.status).toBe(400)
    expect(refused.body).toEqual({ code: 'invalid_data', error: 'The phone number you sign in with cannot be used for SMS verification' })
    expect(t.inbox.messages.length).toBe(sent)
    expect(failure(await callMfa(t, mfaRoutes.smsEnroll, user, { code: '123456', phoneNumber: phone }))).toEqual([400, 'invalid_data'])
  })

  it('refuses bad bodies and methods the app does not allow', async () => {
    const user = await signInUser(t)
    for (const body of [
      {},
      { action: 'enroll' },
      { action: 'enroll', phoneNumber: 'not a phone' },
      { action: 'send' },
      { action: 'enroll', phoneNumber: 12 },
    ]) {
      expect(failure(await callMfa(t, mfaRoutes.smsInit, user, body))).toEqual([400, 'invalid_data'])
    }
    const totpOnly = await t.createApp({ name: 'TOTP only', loginMethods: ['email'], mfaMethods: ['totp'] })
    const login = await t.login('totp-only@example.com', totpOnly.id)
    const call = (route: { path: string }, body: object) => t.call(route.path, { body, token: login.body.token, appId: totpOnly.id })
    expect(failure(await call(mfaRoutes.smsInit, { action: 'enroll', phoneNumber: freshPhone() }))).toEqual([400, 'feature_not_enabled'])
    expect((await call(mfaRoutes.totpInit, {})).status).toBe(200)
    expect((await t.call(`/api/v1/apps/${totpOnly.id}`)).body.mfa_methods).toEqual(['totp'])
    expect((await t.call(`/api/v1/apps/${t.app.id}`)).body.mfa_methods).toEqual(['sms', 'totp', 'passkey'])
  })
})

describe('every route', () => {
  it("answers the wallet frame's origin (this server's) and the app's, never another", async () => {
    const user = await signInUser(t)
    for (const origin of [t.url, TEST_ORIGIN]) {
      const response = await t.call(mfaRoutes.totpInit.path, { body: {}, token: user.token, headers: { origin } })
      expect(response.status).toBe(200)
      expect(response.headers.get('access-control-allow-origin')).toBe(origin)
    }
    const preflight = await fetch(t.url + mfaRoutes.smsInit.path, {
      method: 'OPTIONS',
      headers: { origin: TEST_ORIGIN, 'access-control-request-method': 'POST' },
    })
    expect(preflight.status).toBe(204)
    expect(failure(await t.call(mfaRoutes.totpInit.path, { body: {}, token: user.token, headers: { origin: 'https://evil.example' } }))).toEqual([
      403,
      'invalid_origin',
    ])
  })

  it('needs the access token', async () => {
    for (const route of Object.values(mfaRoutes)) expect(failure(await t.call(route.path, { body: {} }))).toEqual([401, 'missing_or_invalid_token'])
  })
})

describe('passkeys', () => {
  const authenticator = new SoftwareAuthenticator(TEST_ORIGIN)
  const withOrigin = (origin = TEST_ORIGIN) => ({ origin })

  async function linkPasskey(user: MfaTestUser): Promise<string> {
    const init = await t.call('/api/v1/passkeys/link/init', { body: {}, token: user.token, headers: withOrigin() })
    const response = authenticator.register(init.body.options)
    const linked = await t.call('/api/v1/passkeys/link', {
      body: { relying_party: init.body.relying_party, authenticator_response: toPasskeyWire(response) },
      token: user.token,
      headers: withOrigin(),
    })
    expect(linked.status).toBe(200)
    return response.id
  }
  async function verifyPasskey(user: MfaTestUser, credentialId: string, overrides: CeremonyOverrides = {}, origin?: string) {
    const init = await t.call(mfaRoutes.passkeyInit.path, { body: {}, token: user.token, headers: withOrigin() })
    expect(init.status).toBe(200)
    const assertion = authenticator.authenticate(credentialId, init.body.options, overrides)
    return t.call(mfaRoutes.passkeyVerify.path, { body: { authenticator_response: toPasskeyWire(assertion) }, token: user.token, headers: withOrigin(origin) })
  }

  it("enrols the user's own passkeys, shows them enrolled, and refuses to unlink them", async () => {
    const user = await signInUser(t)
    const credentialId = await linkPasskey(user)
    const other = await signInUser(t)
    const othersPasskey = await linkPasskey(other)
    expect(failure(await callMfa(t, mfaRoutes.passkeyEnrollment, user, { credential_ids: [othersPasskey] }))).toEqual([400, 'invalid_data'])
    expect(failure(await callMfa(t, mfaRoutes.passkeyEnrollment, user, { credential_ids: 'x' }))).toEqual([400, 'invalid_data'])
    const enrolled = await callMfa(t, mfaRoutes.passkeyEnrollment, user, { credential_ids: [credentialId], remove_for_login: false })
    expect(enrolled.status).toBe(200)
    expect(methods(enrolled)).toEqual(['passkey'])
    expect(enrolled.body.user.linked_accounts).toContainEqual(expect.objectContaining({ type: 'passkey', credential_id: credentialId, enrolled_in_mfa: true }))

    const unlink = await t.call('/api/v1/passkeys/unlink', { body: { credential_id: credentialId }, token: user.token })
    expect(unlink.status).toBe(400)
    expect(unlink.body.error).toBe('Cannot unlink a passkey enrolled in MFA')
  })

  it('verifies with a real assertion of an MFA passkey, user-verified, bound to the user', async () => {
    const user = await signInUser(t)
    const credentialId = await linkPasskey(user)
    const notEnrolled = await linkPasskey(user)
    expect(failure(await t.call(mfaRoutes.passkeyInit.path, { body: {}, token: user.token, headers: withOrigin() }))).toEqual([400, 'invalid_data'])
    expect((await callMfa(t, mfaRoutes.passkeyEnrollment, user, { credential_ids: [credentialId] })).status).toBe(200)

    const init = await t.call(mfaRoutes.passkeyInit.path, { body: {}, token: user.token, headers: withOrigin() })
    expect(init.body.options).toMatchObject({
      rp_id: 'allowed.test',
      user_verification: 'required',
      allow_credentials: [{ id: credentialId, type: 'public-key' }],
    })

    // From the wallet frame's origin (this server's) as from the app's page.
    const verified = await verifyPasskey(user, credentialId, {}, t.url)
    expect(verified.status).toBe(200)
    expect(verified.body.token).toMatch(/^ey/)
    // User presence without verification is not a second factor (docs/security.md #20).
    expect(failure(await verifyPasskey(user, credentialId, { userVerified: false }))).toEqual(invalidCode)
    expect(failure(await verifyPasskey(user, notEnrolled))).toEqual(invalidCode)
    // Another user's MFA passkey cannot answer this user's challenge (docs/security.md #51).
    const other = await signInUser(t)
    const othersPasskey = await linkPasskey(other)
    expect((await callMfa(t, mfaRoutes.passkeyEnrollment, other, { credential_ids: [othersPasskey] })).status).toBe(200)
    expect(failure(await verifyPasskey(user, othersPasskey))).toEqual(invalidCode)
    // A challenge is used once.
    const once = await t.call(mfaRoutes.passkeyInit.path, { body: {}, token: user.token, headers: withOrigin() })
    const assertion = toPasskeyWire(authenticator.authenticate(credentialId, once.body.options))
    expect((await t.call(mfaRoutes.passkeyVerify.path, { body: { authenticator_response: assertion }, token: user.token })).status).toBe(200)
    expect(failure(await t.call(mfaRoutes.passkeyVerify.path, { body: { authenticator_response: assertion }, token: user.token }))).toEqual(invalidCode)
    expect(failure(await t.call(mfaRoutes.passkeyVerify.path, { body: { authenticator_response: { id: 'x' } }, token: user.token }))).toEqual([
      400,
      'invalid_data',
    ])
  })

  it('an empty enrolment removes passkey MFA (with a fresh MFA token)', async () => {
    const user = await signInUser(t)
    const credentialId = await linkPasskey(user)
    await callMfa(t, mfaRoutes.passkeyEnrollment, user, { credential_ids: [credentialId] })
    const token = (await verifyPasskey(user, credentialId)).body.token
    const removed = await callMfa(t, mfaRoutes.passkeyEnrollment, user, { credential_ids: [] }, token)
    expect(removed.status).toBe(200)
    expect(methods(removed)).toEqual([])
    expect(removed.body.user.linked_accounts).toContainEqual(expect.objectContaining({ credential_id: credentialId, enrolled_in_mfa: false }))
    // No longer an MFA factor: it may be unlinked again.
    expect((await t.call('/api/v1/passkeys/unlink', { body: { credential_id: credentialId }, token: user.token })).status).toBe(200)
  })
})

describe('secrets in logs', () => {
  it('codes, TOTP secrets and MFA tokens never appear in the logs', async () => {
    const user = await signInUser(t)
    const secret = await enrolTotp(t, user)
    const token = await verifyTotp(t, user, secret)
    const phone = freshPhone()
    await callMfa(t, mfaRoutes.smsInit, user, { action: 'enroll', phoneNumber: phone }, token)
    const smsCode = t.inbox.lastCode(phone)
    await callMfa(t, mfaRoutes.smsEnroll, user, { code: smsCode, phoneNumber: phone }, token)
    expect(logs).toContain('"msg":"request"')
    for (const value of [secret, token, smsCode, authenticatorCode(t, secret)]) expect(logs).not.toContain(value)
  })
})

describe('bad input gets 4xx, never 5xx', () => {
  const deep = JSON.parse(`${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`)
  const badBodies: Record<string, string> = {
    'malformed JSON': '{"code": ',
    'a JSON array': '[1,2,3]',
    'a JSON string': '"hello"',
    'deep nesting': '['.repeat(50_000) + ']'.repeat(50_000),
    'wrong types': JSON.stringify({
      code: ['1'],
      phoneNumber: 5,
      action: 7,
      authenticator_response: 'x',
      relying_party: [],
      credential_ids: [{}],
      remove_for_login: 'yes',
    }),
    'NUL strings': JSON.stringify({
      code: '12\u00003456',
      phoneNumber: '+1415\u00003000001',
      action: 'enroll',
      authenticator_response: { id: 'a\u0000', rawId: 'a', type: 'public-key', response: {} },
      credential_ids: ['a\u0000'],
    }),
    'overlong unicode': JSON.stringify({ code: '𝟙'.repeat(4000), phoneNumber: '\uD800'.repeat(1000), action: 'verify', credential_ids: ['é'.repeat(5000)] }),
    'a deep object in each field': JSON.stringify({ code: deep, phoneNumber: deep, action: deep, authenticator_response: deep, credential_ids: deep }),
  }

  const bodyless = [mfaRoutes.totpInit, mfaRoutes.totpUnenroll, mfaRoutes.smsUnenroll]
  it('on every MFA route, for a user with MFA and a fresh MFA token', async () => {
    const user = await signInUser(t)
    const secret = await enrolTotp(t, user)
    const mfaToken = await verifyTotp(t, user, secret)
    for (const [label, rawBody] of Object.entries(badBodies)) {
      for (const route of Object.values(mfaRoutes)) {
        const response = await t.call(route.path, { rawBody, token: user.token, headers: { origin: TEST_ORIGIN, [MFA_TOKEN_HEADER]: mfaToken } })
        expect(response.status, `${route.path} with ${label}`).toBeLessThan(500)
        // Routes without fields (unenrol, TOTP init) may take any object; nothing else passes.
        if (response.status < 400) expect(bodyless, `${route.path} with ${label}`).toContain(route)
        else expect(response.body).toEqual({ error: expect.any(String), code: expect.any(String) })
        if (!rawBody.startsWith('{')) expect(response.status).toBeGreaterThanOrEqual(400)
      }
    }
  })
})
