import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mfaRoutes } from '../../../src/protocol/index.js'
import type { ApiResponse, TestServer } from '../test-support/test-server.js'
import { callMfa, signInUser, startSmsMfaTestServer } from './test-support.js'

let t: TestServer
beforeAll(async () => {
  t = await startSmsMfaTestServer('Code purposes')
})
afterAll(async () => {
  await t?.close()
})

const failure = (response: ApiResponse) => [response.status, response.body.code]
const smsLogin = (phoneNumber: string, code: string) => t.call('/api/v1/passwordless_sms/authenticate', { body: { phoneNumber, code } })

describe('a code serves only the purpose it was sent for (docs/security.md #7, the MFA side)', () => {
  it('a sign-in code for the MFA phone never passes MFA, and an MFA code never signs in', async () => {
    const user = await signInUser(t)
    const phone = '+14155550177'
    expect((await callMfa(t, mfaRoutes.smsInit, user, { action: 'enroll', phoneNumber: phone })).status).toBe(200)
    expect((await callMfa(t, mfaRoutes.smsEnroll, user, { code: t.inbox.lastCode(phone), phoneNumber: phone })).status).toBe(200)

    // Both live at once: a login code and an MFA code to the same phone.
    expect((await t.call('/api/v1/passwordless_sms/init', { body: { phoneNumber: phone } })).status).toBe(200)
    const loginCode = t.inbox.lastCode(phone)
    expect((await callMfa(t, mfaRoutes.smsInit, user, { action: 'verify' })).status).toBe(200)
    const mfaCode = t.inbox.lastCode(phone)
    // Two equal random codes would prove nothing; a different pair is needed (1 in a million).
    expect(mfaCode).not.toBe(loginCode)

    expect(failure(await callMfa(t, mfaRoutes.smsVerify, user, { code: loginCode }))).toEqual([400, 'missing_or_invalid_mfa'])
    expect(failure(await smsLogin(phone, mfaCode))).toEqual([400, 'invalid_credentials'])
    // Each still works for its own purpose (neither was spent by the other's use).
    expect((await callMfa(t, mfaRoutes.smsVerify, user, { code: mfaCode })).status).toBe(200)
    expect((await smsLogin(phone, loginCode)).status).toBe(200)
  })
})
