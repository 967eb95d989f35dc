import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mfaRoutes } from '../../../src/protocol/index.js'
import type { ApiResponse, TestServer } from '../test-support/test-server.js'
import { MFA_FAILURES } from './failure-counter.js'
import { authenticatorCode, callMfa, enrolTotp, nextTotpStep, signInUser, startSmsMfaTestServer, type MfaTestUser } from './test-support.js'

let t: TestServer
beforeAll(async () => {
  t = await startSmsMfaTestServer('MFA Counting App')
})
afterAll(async () => {
  await t?.close()
})

const outcome = (response: ApiResponse) => `${response.status} ${response.body.code}`
const wrongCodeFor = (secret: string) => (authenticatorCode(t, secret) === '000000' ? '000001' : '000000')
async function userWithTotp(): Promise<{ user: MfaTestUser; secret: string }> {
  const user = await signInUser(t)
  const secret = await enrolTotp(t, user)
  nextTotpStep(t)
  return { user, secret }
}
let phones = 0
async function enrolSms(user: MfaTestUser): Promise<string> {
  const phone = `+14155${String(++phones).padStart(6, '0')}`
  expect((await callMfa(t, mfaRoutes.smsInit, user, { action: 'enroll', phoneNumber: phone })).status).toBe(200)
  expect((await callMfa(t, mfaRoutes.smsEnroll, user, { code: t.inbox.lastCode(phone), phoneNumber: phone })).status).toBe(200)
  return phone
}
const recordedFailures = async (userId: string) =>
  (await t.db.query<{ count: number }>('SELECT count FROM rate_limits WHERE bucket = $1', [`mfa-failures:${userId}`]))[0]?.count ?? 0
const tally = (responses: ApiResponse[]) =>
  responses.map(outcome).reduce<Record<string, number>>((counts, key) => ({ ...counts, [key]: (counts[key] ?? 0) + 1 }), {})

describe('MFA failure counting under parallel answers (docs/security.md #60, issue 14 item 11)', () => {
  it('records exactly N failures for N parallel wrong codes below the cap, then locks at the cap', async () => {
    const { user, secret } = await userWithTotp()
    const parallel = MFA_FAILURES.max - 2
    const answers = await Promise.all(Array.from({ length: parallel }, () => callMfa(t, mfaRoutes.totpVerify, user, { code: wrongCodeFor(secret) })))
    expect(tally(answers)).toEqual({ '400 missing_or_invalid_mfa': parallel })
    expect(await recordedFailures(user.userId)).toBe(parallel)
    for (let i = parallel; i < MFA_FAILURES.max; i++)
      expect(outcome(await callMfa(t, mfaRoutes.totpVerify, user, { code: wrongCodeFor(secret) }))).toBe('400 missing_or_invalid_mfa')
    expect(outcome(await callMfa(t, mfaRoutes.totpVerify, user, { code: authenticatorCode(t, secret) }))).toBe('429 too_many_requests')
  })

  it('never checks more codes than the cap, however many arrive at once: with one attempt left, exactly one is checked', async () => {
    const user = await signInUser(t)
    const phone = await enrolSms(user)
    const wrongFor = () => (t.inbox.lastCode(phone) === '000000' ? '000001' : '000000')
    expect((await callMfa(t, mfaRoutes.smsInit, user, { action: 'verify' })).status).toBe(200)
    for (let i = 1; i < MFA_FAILURES.max; i++)
      expect(outcome(await callMfa(t, mfaRoutes.smsVerify, user, { code: wrongFor() }))).toBe('400 missing_or_invalid_mfa')
    // A fresh texted code takes up to OTP_MAX_ATTEMPTS guesses itself: each one checked is counted on its row.
    expect((await callMfa(t, mfaRoutes.smsInit, user, { action: 'verify' })).status).toBe(200)
    const wrong = wrongFor()
    const answers = await Promise.all(Array.from({ length: 4 * MFA_FAILURES.max }, () => callMfa(t, mfaRoutes.smsVerify, user, { code: wrong })))
    expect(tally(answers)).toEqual({ '400 missing_or_invalid_mfa': 1, '429 too_many_requests': 4 * MFA_FAILURES.max - 1 })
    expect(await t.db.query("SELECT attempts FROM mfa_sms_codes WHERE user_id = $1 AND purpose = 'verify'", [user.userId])).toEqual([{ attempts: 1 }])
  })

  it('a burst of wrong codes checks the cap and refuses the rest; even a right code then waits for the window', async () => {
    const { user, secret } = await userWithTotp()
    const answers = await Promise.all(
      Array.from({ length: 4 * MFA_FAILURES.max }, () => callMfa(t, mfaRoutes.totpVerify, user, { code: wrongCodeFor(secret) })),
    )
    expect(tally(answers)).toEqual({ '400 missing_or_invalid_mfa': MFA_FAILURES.max, '429 too_many_requests': 3 * MFA_FAILURES.max })
    expect(outcome(await callMfa(t, mfaRoutes.totpVerify, user, { code: authenticatorCode(t, secret) }))).toBe('429 too_many_requests')
  })

  it('a right answer uses up no attempt: verifying many times in a window never locks the user out', async () => {
    const { user, secret } = await userWithTotp()
    for (let i = 0; i < MFA_FAILURES.max + 2; i++) {
      nextTotpStep(t)
      expect(outcome(await callMfa(t, mfaRoutes.totpVerify, user, { code: authenticatorCode(t, secret) })).startsWith('200')).toBe(true)
    }
    expect(await recordedFailures(user.userId)).toBe(0)
  })
})
