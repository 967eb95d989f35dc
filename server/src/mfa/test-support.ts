import { decodeJwt } from 'jose'
import { expect } from 'vitest'
import { MFA_TOKEN_HEADER, mfaRoutes } from '../../../src/protocol/index.js'
import { startTestServer, type TestServer } from '../test-support/test-server.js'
import { decodeBase32 } from './base32.js'
import { TOTP_STEP_SECONDS, totpCode } from './totp.js'

/** A signed-in user of the MFA tests: the access token, its user and session. */
export interface MfaTestUser {
  token: string
  userId: string
  sessionId: string
  email: string
}

let users = 0
export async function signInUser(t: TestServer, email = `mfa-user-${++users}-${Date.now()}@example.com`): Promise<MfaTestUser> {
  const login = await t.login(email)
  expect(login.status).toBe(200)
  return { token: login.body.token, userId: login.body.user.id, sessionId: decodeJwt(login.body.token).sid as string, email }
}

/** Calls an MFA route as `user`, with an MFA token when given. */
export const callMfa = (t: TestServer, route: { path: string }, user: { token: string }, body: object = {}, mfaToken?: string) =>
  t.call(route.path, { body, token: user.token, ...(mfaToken ? { headers: { [MFA_TOKEN_HEADER]: mfaToken } } : {}) })

/** Moves the server clock 1 s into the next TOTP step, so a test never straddles a step edge and a used step is behind. */
export function nextTotpStep(t: TestServer): void {
  // Whole seconds: the clock stays on whole milliseconds.
  const leftInStep = TOTP_STEP_SECONDS - (t.clock.now() % (TOTP_STEP_SECONDS * 1000)) / 1000
  t.clock.advance(Math.ceil(leftInStep) + 1)
}

/** What the user's authenticator app shows now (or `steps` away) for the base32 `secret`. */
export const authenticatorCode = (t: TestServer, secret: string, steps = 0) => totpCode(decodeBase32(secret), t.clock.now() + steps * TOTP_STEP_SECONDS * 1000)

/** Enrols an authenticator app for `user` (with `mfaToken` when they already have MFA); answers the base32 secret. */
export async function enrolTotp(t: TestServer, user: MfaTestUser, mfaToken?: string): Promise<string> {
  const init = await callMfa(t, mfaRoutes.totpInit, user)
  expect(init.status).toBe(200)
  nextTotpStep(t)
  const enrolled = await callMfa(t, mfaRoutes.totpEnroll, user, { code: authenticatorCode(t, init.body.totpSecret) }, mfaToken)
  expect(enrolled.status).toBe(200)
  return init.body.totpSecret
}

/** Verifies with the authenticator app in the next step (the enrolment's step is spent) and answers the MFA token. */
export async function verifyTotp(t: TestServer, user: MfaTestUser, secret: string): Promise<string> {
  nextTotpStep(t)
  const verified = await callMfa(t, mfaRoutes.totpVerify, user, { code: authenticatorCode(t, secret) })
  expect(verified.status).toBe(200)
  return verified.body.token
}

/** A test server whose app signs in by email and SMS, with no per-IP, per-country or resend cap in the way of many calls. */
/** A test server with room for the many sign-ins and key-material reads the wallet gate's tests make. */
export function startWalletGateTestServer(): Promise<TestServer> {
  const plenty = { max: 10_000, windowSeconds: 60 }
  return startTestServer({
    server: { rateLimits: { initPerIp: plenty, authenticatePerIp: plenty, walletKeyMaterialPerIp: plenty, walletKeyMaterialPerUser: plenty } },
  })
}

export function startSmsMfaTestServer(appName: string): Promise<TestServer> {
  const plenty = { max: 10_000, windowSeconds: 60 }
  return startTestServer({
    app: { name: appName, loginMethods: ['email', 'sms'] },
    server: { rateLimits: { initPerIp: plenty, authenticatePerIp: plenty, smsSendsPerCountryCode: plenty, resendCooldownSeconds: 0 } },
  })
}
