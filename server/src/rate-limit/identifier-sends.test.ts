import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppRecord } from '../apps/types.js'
import { solvedAltcha } from '../test-support/altcha-solution.js'
import { startTestServer, type TestServer } from '../test-support/test-server.js'

// Issue 14 item 8: one source's sends to an identifier cannot keep its owner, at another source, from getting a code.
let t: TestServer
let captchaApp: AppRecord
beforeAll(async () => {
  t = await startTestServer({
    server: {
      trustProxy: true,
      rateLimits: { sendsPerIdentifier: { max: 3, windowSeconds: 15 * 60 }, sendsPerIdentifierCeiling: { max: 6, windowSeconds: 60 * 60 } },
    },
  })
  captchaApp = await t.createApp({
    name: 'Captcha',
    allowedOrigins: ['http://allowed.test:3000'],
    captcha: { provider: 'altcha', siteKey: null, secretKey: null, verifyUrl: null, altchaMaxNumber: 1000 },
  })
})
afterAll(async () => {
  await t?.close()
})

let nextId = 0
const victim = () => `victim-${nextId++}@example.com`
const send = (email: string, ip: string, options: { appId?: string; token?: string } = {}) =>
  t.call('/api/v1/passwordless/init', {
    body: { email, ...(options.token ? { token: options.token } : {}) },
    appId: options.appId,
    headers: { 'x-forwarded-for': ip },
  })

const solvedCaptcha = (appId: string) => solvedAltcha(t.url, appId)

describe('per-identifier send caps count per source', () => {
  it("another source's send does not start the owner's resend cooldown", async () => {
    const email = victim()
    expect((await send(email, '203.0.113.1')).status).toBe(200)
    // Same source within the cooldown: 429 (#6).
    expect((await send(email, '203.0.113.1')).status).toBe(429)
    expect((await send(email, '198.51.100.7')).status).toBe(200)
  })

  it("one source's cap on an identifier leaves the owner's sends from another source", async () => {
    const email = victim()
    for (let i = 0; i < 3; i++) {
      expect((await send(email, '203.0.113.2')).status).toBe(200)
      t.clock.advance(31)
    }
    const capped = await send(email, '203.0.113.2')
    expect(capped.status).toBe(429)
    expect(Number(capped.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await send(email, '198.51.100.8')).status).toBe(200)
    expect(t.inbox.lastCode(email)).toMatch(/^\d{6}$/)
  })

  it('past the per-identifier ceiling, an app without CAPTCHA refuses with 429', async () => {
    const email = victim()
    for (let source = 1; source <= 6; source++) expect((await send(email, `203.0.113.${100 + source}`)).status).toBe(200)
    const refused = await send(email, '198.51.100.9')
    expect(refused.status).toBe(429)
    expect(refused.body.code).toBe('too_many_requests')
  })

  it('past the ceiling, a solved CAPTCHA still gets the owner a code; unsolved requests do not count', async () => {
    const email = victim()
    for (let source = 1; source <= 6; source++) {
      expect((await send(email, `203.0.113.${200 + source}`, { appId: captchaApp.id, token: await solvedCaptcha(captchaApp.id) })).status).toBe(200)
    }
    for (let attempt = 0; attempt < 5; attempt++) expect((await send(email, '203.0.113.250', { appId: captchaApp.id })).body.code).toBe('invalid_captcha')
    const owner = await send(email, '198.51.100.10', { appId: captchaApp.id, token: await solvedCaptcha(captchaApp.id) })
    expect(owner.status).toBe(200)
  })
})
