import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppRecord } from '../apps/types.js'
import { solvedAltcha } from '../test-support/altcha-solution.js'
import { runFlood } from '../test-support/flood.js'
import { startTestServer, type TestServer } from '../test-support/test-server.js'
import { RATE_LIMIT_RETENTION_MS } from './prune-expired.js'

// Issue 14 item 8: a long flood from many sources leaves bounded tables, and the victim can still sign in.
const sourcesPerRound = 6
const gapSeconds = 4 * 60 * 60
const rounds = 10
let t: TestServer
let app: AppRecord
beforeAll(async () => {
  t = await startTestServer({
    server: { trustProxy: true, rateLimits: { sendsPerIdentifierCeiling: { max: 4, windowSeconds: 60 * 60 } } },
  })
  app = await t.createApp({
    name: 'Flooded',
    allowedOrigins: ['http://allowed.test:3000'],
    loginMethods: ['email', 'wallet', 'passkey'],
    captcha: { provider: 'altcha', siteKey: null, secretKey: null, verifyUrl: null, altchaMaxNumber: 1000 },
  })
})
afterAll(async () => {
  await t?.close()
})

describe('a flood over simulated days', () => {
  it('keeps table sizes bounded by what one retention window holds, and the victim signs in with the CAPTCHA', async () => {
    const victim = 'flood-victim@example.com'
    const history = await runFlood({ baseUrl: t.url, db: t.db, clock: t.clock, appId: app.id, victim, rounds, sourcesPerRound, gapSeconds })
    expect(history.flatMap((round) => Object.keys(round.statuses).map(Number)).every((status) => status < 500)).toBe(true)
    const last = history.at(-1)!.sizes
    // Codes, solutions and challenges live minutes: only this round's could remain, and pruning ran after the gap.
    expect(last.otp_codes).toBe(0)
    expect(last.captcha_solutions).toBe(0)
    expect(last.wallet_nonces).toBe(0)
    expect(last.passkey_challenges).toBe(0)
    // Rate-limit buckets: at most the rounds inside one retention window, although the flood made many more.
    const bucketsPerRound = history[0]!.sizes.rate_limits
    const roundsKept = Math.ceil(RATE_LIMIT_RETENTION_MS / (gapSeconds * 1000))
    expect(bucketsPerRound).toBeGreaterThan(0)
    expect(last.rate_limits).toBeLessThanOrEqual(bucketsPerRound * roundsKept)
    expect(last.rate_limits).toBeLessThan(bucketsPerRound * rounds)

    // Under pressure (the attackers' solved sends passed the ceiling this hour) the victim, with a solved CAPTCHA, gets a code.
    for (let source = 0; source < 5; source++) {
      const sent = await t.call('/api/v1/passwordless/init', {
        body: { email: victim, token: await solvedAltcha(t.url, app.id) },
        appId: app.id,
        headers: { 'x-forwarded-for': `10.200.${source}.1` },
      })
      expect(sent.status).toBe(200)
    }
    const sent = await t.call('/api/v1/passwordless/init', {
      body: { email: victim, token: await solvedAltcha(t.url, app.id) },
      appId: app.id,
      headers: { 'x-forwarded-for': '192.0.2.1' },
    })
    expect(sent.status).toBe(200)
    const login = await t.call('/api/v1/passwordless/authenticate', {
      body: { email: victim, code: t.inbox.lastCode(victim) },
      appId: app.id,
      headers: { 'x-forwarded-for': '192.0.2.1' },
    })
    expect(login.status).toBe(200)
    expect(login.body.token).toEqual(expect.any(String))
  }, 120_000)
})
