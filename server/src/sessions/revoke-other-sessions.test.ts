/**
 * docs/security.md #35 and #63: "log out everywhere" ends every session of the user; a security change (MFA enrolment or
 * removal, a recovery password or method change, an account transfer) ends every OTHER session and keeps the one
 * that made it. An ended session's refresh tokens and access tokens are refused at once.
 */
import { decodeJwt } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { embeddedWalletRoutes, mfaRoutes } from '../../../src/protocol/index.js'
import { callMfa, enrolTotp, verifyTotp } from '../mfa/test-support.js'
import { startTestServer, TEST_ORIGIN, type ApiResponse, type TestServer } from '../test-support/test-server.js'
import { createBodyOf, newTestWallet, splitEntropy, testSealedShare } from '../wallets/test-fixtures/share-set.js'

let t: TestServer
beforeAll(async () => {
  t = await startTestServer({
    app: {
      name: 'Sessions App',
      loginMethods: ['email', 'sms'],
      allowedOrigins: [TEST_ORIGIN],
      accountTransferEnabled: true,
      embeddedWallets: {
        ethereumCreateOnLogin: 'off',
        solanaCreateOnLogin: 'off',
        requireUserPasswordOnCreate: false,
        userOwnedRecoveryOptions: ['user-passcode'],
        googleDriveApiUrl: 'https://www.googleapis.com',
      },
    },
  })
})
afterAll(async () => {
  await t?.close()
})

interface Session {
  token: string
  refreshToken: string
  userId: string
  sessionId: string
  email: string
}

let counter = 0
const freshEmail = () => `revoke${++counter}-${Date.now()}@example.com`
/** A sign-in as `email`: each is a session of its own, as on another device. */
async function signIn(email: string): Promise<Session> {
  // A second code for the same address waits out the resend cooldown.
  t.clock.advance(61)
  const response = await t.login(email)
  expect(response.status).toBe(200)
  const { token, refresh_token: refreshToken, user } = response.body
  return { token, refreshToken, userId: user.id, sessionId: decodeJwt(token).sid as string, email }
}
/** Two sessions of one new user: `current` makes the change, `other` is on another device. */
async function twoSessions(): Promise<{ current: Session; other: Session }> {
  const email = freshEmail()
  const other = await signIn(email)
  return { current: await signIn(email), other }
}

const me = (session: Session) => t.call('/api/v1/users/me', { token: session.token })
const refresh = (session: Session) => t.call('/api/v1/sessions', { body: { refresh_token: session.refreshToken } })
const expectInvalidToken = (response: ApiResponse) => {
  expect(response.status).toBe(401)
  expect(response.body.code).toBe('missing_or_invalid_token')
}
async function expectEnded(session: Session) {
  expectInvalidToken(await me(session))
  expectInvalidToken(await refresh(session))
}
async function expectLive(session: Session) {
  expect((await me(session)).status).toBe(200)
  const refreshed = await refresh(session)
  expect(refreshed.status).toBe(200)
  session.refreshToken = refreshed.body.refresh_token
  session.token = refreshed.body.token
}

describe('docs/security.md #35: log out everywhere', () => {
  it("docs/security.md #35, #63: POST /sessions/logout_all ends every session of the user, the caller's too, and no one else's", async () => {
    const email = freshEmail()
    const sessions = [await signIn(email), await signIn(email), await signIn(email)]
    const stranger = await signIn(freshEmail())
    const response = await t.call('/api/v1/sessions/logout_all', { body: {}, token: sessions[1]!.token })
    expect(response).toMatchObject({ status: 200, body: {} })
    for (const session of sessions) await expectEnded(session)
    await expectLive(stranger)
  })

  it('docs/security.md #35: logout_all needs a live session', async () => {
    expectInvalidToken(await t.call('/api/v1/sessions/logout_all', { body: {} }))
    const session = await signIn(freshEmail())
    await t.call('/api/v1/sessions/logout', { body: {}, token: session.token })
    expectInvalidToken(await t.call('/api/v1/sessions/logout_all', { body: {}, token: session.token }))
  })
})

describe('docs/security.md #35, #63: security changes end the other sessions', () => {
  it('docs/security.md #35, #63: enrolling an authenticator app ends the other sessions and keeps this one', async () => {
    const { current, other } = await twoSessions()
    await enrolTotp(t, current)
    await expectEnded(other)
    await expectLive(current)
  })

  it('docs/security.md #35, #63: enrolling a phone for SMS MFA ends the other sessions and keeps this one', async () => {
    const { current, other } = await twoSessions()
    const phoneNumber = `+14158${String(++counter).padStart(6, '0')}`
    expect((await callMfa(t, mfaRoutes.smsInit, current, { action: 'enroll', phoneNumber })).status).toBe(200)
    expect((await callMfa(t, mfaRoutes.smsEnroll, current, { code: t.inbox.lastCode(phoneNumber), phoneNumber })).status).toBe(200)
    await expectEnded(other)
    await expectLive(current)
  })

  it('docs/security.md #35, #63: removing an MFA factor ends the other sessions and keeps this one', async () => {
    const { current } = await twoSessions()
    const secret = await enrolTotp(t, current)
    const later = await signIn(current.email)
    const mfaToken = await verifyTotp(t, current, secret)
    const removed = await callMfa(t, mfaRoutes.totpUnenroll, current, {}, mfaToken)
    expect(removed.status).toBe(200)
    await expectEnded(later)
    await expectLive(current)
  })

  it('docs/security.md #35, #63: setting a recovery password (a reshare) ends the other sessions and keeps this one', async () => {
    const { current, other } = await twoSessions()
    const wallet = await newTestWallet('ethereum')
    expect((await t.call(embeddedWalletRoutes.create.path, { body: createBodyOf(wallet), token: current.token })).status).toBe(200)
    const split = await splitEntropy(wallet.entropy, 2)
    const reshared = await t.call(embeddedWalletRoutes.reshare.path.replace(':address', wallet.address), {
      token: current.token,
      body: { chain_type: 'ethereum', previous_share_version: 1, auth_share: split.auth, recovery: { method: 'user-passcode', sealed: testSealedShare() } },
    })
    expect(reshared.status).toBe(200)
    await expectEnded(other)
    await expectLive(current)
  })

  it("docs/security.md #35, #63: an account transfer ends the receiving user's other sessions and keeps this one", async () => {
    const taken = await signIn(freshEmail())
    const phoneNumber = `+14157${String(++counter).padStart(6, '0')}`
    const signInByPhone = async () => {
      t.clock.advance(61)
      expect((await t.call('/api/v1/passwordless_sms/init', { body: { phoneNumber } })).status).toBe(200)
      const response = await t.call('/api/v1/passwordless_sms/authenticate', { body: { phoneNumber, code: t.inbox.lastCode(phoneNumber) } })
      expect(response.status).toBe(200)
      return { token: response.body.token, refreshToken: response.body.refresh_token } as Session
    }
    const other = await signInByPhone()
    const current = await signInByPhone()
    t.clock.advance(61)
    expect((await t.call('/api/v1/passwordless/init', { body: { email: taken.email }, token: current.token })).status).toBe(200)
    const offer = await t.call('/api/v1/passwordless/link', { body: { email: taken.email, code: t.inbox.lastCode(taken.email) }, token: current.token })
    expect(offer.body.code).toBe('account_transfer_required')
    const moved = await t.call('/api/v1/passwordless/transfer', { body: { nonce: offer.body.data.nonce, email: taken.email }, token: current.token })
    expect(moved.status).toBe(200)
    await expectEnded(other)
    await expectLive(current)
  })
})
