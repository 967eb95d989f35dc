import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mfaAuthRoutes, mfaRoutes } from '../../../src/protocol/index.js'
import { startTestServer, type ApiResponse, type TestServer } from '../test-support/test-server.js'
import { MFA_FAILURES } from '../mfa/failure-counter.js'
import { authenticatorCode, callMfa, nextTotpStep, signInUser, type MfaTestUser } from '../mfa/test-support.js'

let t: TestServer
beforeAll(async () => {
  const plenty = { max: 10_000, windowSeconds: 60 }
  // Users sign in several times within a minute here: no resend cooldown in the way.
  t = await startTestServer({
    app: { name: 'Sign-in MFA App' },
    server: { rateLimits: { initPerIp: plenty, authenticatePerIp: plenty, resendCooldownSeconds: 0 } },
  })
})
afterAll(async () => {
  await t?.close()
})

const failure = (response: ApiResponse) => [response.status, response.body.code]
const wrongCodeFor = (right: string) => (right === '000000' ? '000001' : '000000')
const sessionsOf = async (userId: string) =>
  Number((await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions WHERE user_id = $1', [userId]))[0]!.n)

/** Enrols a sign-in authenticator app for `user` (through the reference's init and enroll); answers the secret. */
async function enrolSignInTotp(user: MfaTestUser): Promise<string> {
  const init = await callMfa(t, mfaAuthRoutes.totpInit, user)
  expect(init.status).toBe(200)
  nextTotpStep(t)
  const enrolled = await callMfa(t, mfaAuthRoutes.totpEnroll, user, { code: authenticatorCode(t, init.body.totpSecret) })
  expect(enrolled.status).toBe(200)
  return init.body.totpSecret
}

/** The first factor of a returning user (email code): with sign-in MFA, a pending sign-in. */
async function firstFactor(user: MfaTestUser): Promise<ApiResponse> {
  return t.login(user.email)
}

const secondFactor = (loginMfaToken: string, code: string) => t.call(mfaAuthRoutes.totpVerify.path, { body: { code, login_mfa_token: loginMfaToken } })

describe('sign-in MFA enrolment (mfa_auth/totp)', () => {
  it('init answers a secret kept sealed apart from wallet MFA; enroll checks a code and answers the user', async () => {
    const user = await signInUser(t)
    const init = await callMfa(t, mfaAuthRoutes.totpInit, user)
    expect(init.status).toBe(200)
    expect(init.body.totpSecret).toMatch(/^[A-Z2-7]{32}$/)
    expect(init.body.totpAuthUrl).toContain(`otpauth://totp/Sign-in%20MFA%20App:${encodeURIComponent(user.email)}?secret=${init.body.totpSecret}`)
    const stored = JSON.stringify(await t.db.query('SELECT * FROM login_mfa_pending_totp WHERE user_id = $1', [user.userId]))
    expect(stored).toContain('totp.aes-256-gcm.v1.')
    expect(stored).not.toContain(init.body.totpSecret)
    nextTotpStep(t)
    const right = authenticatorCode(t, init.body.totpSecret)
    expect(failure(await callMfa(t, mfaAuthRoutes.totpEnroll, user, { code: wrongCodeFor(right) }))).toEqual([400, 'missing_or_invalid_mfa'])
    expect(failure(await callMfa(t, mfaAuthRoutes.totpEnroll, user, { code: '12345' }))).toEqual([400, 'invalid_data'])
    const enrolled = await callMfa(t, mfaAuthRoutes.totpEnroll, user, { code: right })
    expect(enrolled.status).toBe(200)
    expect(enrolled.body.id).toBe(user.userId)
    // Distinct from wallet-action MFA: no wallet factor, and the wallet MFA's pending secret table is untouched.
    expect(enrolled.body.mfa_methods).toEqual([])
    expect(await t.db.query('SELECT 1 FROM mfa_pending_totp WHERE user_id = $1', [user.userId])).toEqual([])
    expect(JSON.stringify(await t.db.query('SELECT * FROM login_mfa_totp WHERE user_id = $1', [user.userId]))).not.toContain(init.body.totpSecret)
  })

  it('refuses enrolment without a signed-in caller, and where the app does not offer TOTP', async () => {
    expect(failure(await t.call(mfaAuthRoutes.totpInit.path, { body: {} }))).toEqual([401, 'missing_or_invalid_token'])
    const other = await t.createApp({ name: 'No TOTP', allowedOrigins: [], mfaMethods: ['sms'] })
    const login = await t.login(`no-totp-${Date.now()}@example.com`, other.id)
    const init = await t.call(mfaAuthRoutes.totpInit.path, { body: {}, token: login.body.token, appId: other.id })
    expect(failure(init)).toEqual([400, 'feature_not_enabled'])
  })
})

describe('signing in with a second factor', () => {
  it('the first factor answers a pending sign-in and no session; the right code then issues the session', async () => {
    const user = await signInUser(t)
    const secret = await enrolSignInTotp(user)
    const sessionsBefore = await sessionsOf(user.userId)
    const pending = await firstFactor(user)
    expect(pending.status).toBe(200)
    expect(Object.keys(pending.body).sort()).toEqual(['login_mfa_token', 'mfa_methods', 'mfa_required'])
    expect(pending.body).toMatchObject({ mfa_required: true, mfa_methods: ['totp'] })
    expect(pending.headers.get('set-cookie')).toBeNull()
    expect(await sessionsOf(user.userId)).toBe(sessionsBefore)
    // The pending token is no access token (docs/security.md #52), and is kept only hashed.
    expect((await t.call('/api/v1/users/me', { token: pending.body.login_mfa_token })).status).toBe(401)
    expect(JSON.stringify(await t.db.query('SELECT * FROM login_mfa_challenges'))).not.toContain(pending.body.login_mfa_token)

    nextTotpStep(t)
    const right = authenticatorCode(t, secret)
    expect(failure(await secondFactor(pending.body.login_mfa_token, wrongCodeFor(right)))).toEqual([400, 'missing_or_invalid_mfa'])
    const signedIn = await secondFactor(pending.body.login_mfa_token, right)
    expect(signedIn.status).toBe(200)
    expect(signedIn.body).toMatchObject({ user: { id: user.userId }, session_update_action: 'set', is_new_user: false })
    expect((await t.call('/api/v1/users/me', { token: signedIn.body.token })).status).toBe(200)
    expect((await t.call('/api/v1/sessions', { body: { refresh_token: signedIn.body.refresh_token } })).status).toBe(200)
    expect(await sessionsOf(user.userId)).toBe(sessionsBefore + 1)
    // Single use: the pending sign-in is spent, and the code's step too.
    nextTotpStep(t)
    expect(failure(await secondFactor(pending.body.login_mfa_token, authenticatorCode(t, secret)))).toEqual([400, 'expired_or_invalid_mfa_token'])
  })

  it('10 parallel second factors with the right code issue exactly one session', async () => {
    const user = await signInUser(t)
    const secret = await enrolSignInTotp(user)
    const pending = await firstFactor(user)
    nextTotpStep(t)
    const code = authenticatorCode(t, secret)
    const answers = await Promise.all(Array.from({ length: 10 }, () => secondFactor(pending.body.login_mfa_token, code)))
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1)
    // The rest are refused: a spent code, or (answers over the lockout cap, taken before any check) 429.
    for (const answer of answers.filter((each) => each.status !== 200)) expect([400, 429]).toContain(answer.status)
    t.clock.advance(MFA_FAILURES.windowSeconds)
  })

  it('an expired pending sign-in, one of another app, or an unknown token is refused', async () => {
    const user = await signInUser(t)
    const secret = await enrolSignInTotp(user)
    const pending = await firstFactor(user)
    const other = await t.createApp({ name: 'Other', allowedOrigins: [] })
    nextTotpStep(t)
    const elsewhere = await t.call(mfaAuthRoutes.totpVerify.path, {
      body: { code: authenticatorCode(t, secret), login_mfa_token: pending.body.login_mfa_token },
      appId: other.id,
    })
    expect(failure(elsewhere)).toEqual([400, 'expired_or_invalid_mfa_token'])
    expect(failure(await secondFactor('not-a-token', authenticatorCode(t, secret)))).toEqual([400, 'expired_or_invalid_mfa_token'])
    t.clock.advance(11 * 60)
    expect(failure(await secondFactor(pending.body.login_mfa_token, authenticatorCode(t, secret)))).toEqual([400, 'expired_or_invalid_mfa_token'])
  })

  it('wrong codes lock the user out as wallet MFA does: after the cap even the right code is refused', async () => {
    const user = await signInUser(t)
    const secret = await enrolSignInTotp(user)
    const pending = await firstFactor(user)
    nextTotpStep(t)
    const right = authenticatorCode(t, secret)
    for (let i = 0; i < MFA_FAILURES.max; i++)
      expect(failure(await secondFactor(pending.body.login_mfa_token, wrongCodeFor(right)))).toEqual([400, 'missing_or_invalid_mfa'])
    const locked = await secondFactor(pending.body.login_mfa_token, right)
    expect(locked.status).toBe(429)
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0)
    t.clock.advance(MFA_FAILURES.windowSeconds)
  })
})

describe("signed in (the reference client's calls)", () => {
  it('verify with only a code answers success once per code; unenrol needs such a check in the last 15 minutes', async () => {
    const user = await signInUser(t)
    const secret = await enrolSignInTotp(user)
    const pending = await firstFactor(user)
    nextTotpStep(t)
    const signedIn = await secondFactor(pending.body.login_mfa_token, authenticatorCode(t, secret))
    const session = { token: signedIn.body.token }
    t.clock.advance(16 * 60)
    expect(failure(await callMfa(t, mfaAuthRoutes.totpUnenroll, session))).toEqual([403, 'mfa_required'])
    expect(failure(await callMfa(t, mfaAuthRoutes.totpInit, session))).toEqual([403, 'mfa_required'])
    nextTotpStep(t)
    const code = authenticatorCode(t, secret)
    expect(await callMfa(t, mfaAuthRoutes.totpVerify, session, { code })).toMatchObject({ status: 200, body: { success: true } })
    expect(failure(await callMfa(t, mfaAuthRoutes.totpVerify, session, { code }))).toEqual([400, 'missing_or_invalid_mfa'])
    // A sign-in leaves the user's other sessions alone; unenrolling ends them (docs/security.md #63).
    expect((await t.call('/api/v1/users/me', { token: user.token })).status).toBe(200)
    expect(await callMfa(t, mfaAuthRoutes.totpUnenroll, session)).toMatchObject({ status: 200, body: { success: true } })
    expect((await t.call('/api/v1/users/me', { token: user.token })).status).toBe(401)
    // Unenrolled: the first factor alone signs in again, and verify says there is nothing to check.
    const again = await firstFactor(user)
    expect(again.body.token).toEqual(expect.any(String))
    expect(failure(await callMfa(t, mfaAuthRoutes.totpVerify, { token: again.body.token }, { code }))).toEqual([400, 'invalid_data'])
  })

  it('wallet-action MFA stays its own: a sign-in factor does not satisfy it, nor the wallet factor sign-in', async () => {
    const user = await signInUser(t)
    const walletInit = await callMfa(t, mfaRoutes.totpInit, user)
    nextTotpStep(t)
    expect((await callMfa(t, mfaRoutes.totpEnroll, user, { code: authenticatorCode(t, walletInit.body.totpSecret) })).status).toBe(200)
    // A wallet factor alone: sign-in still needs one factor only.
    expect((await firstFactor(user)).body.token).toEqual(expect.any(String))
    expect(failure(await callMfa(t, mfaAuthRoutes.totpVerify, user, { code: authenticatorCode(t, walletInit.body.totpSecret, 1) }))).toEqual([
      400,
      'invalid_data',
    ])
  })
})
