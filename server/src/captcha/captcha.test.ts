import { Writable } from 'node:stream'
import { solveChallenge } from 'altcha-lib/v1'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CaptchaChallengeDto } from '../../../src/protocol/index.js'
import type { AppRecord } from '../apps/types.js'
import type { ServerContext } from '../context.js'
import { ApiError } from '../http/api-error.js'
import { createServerContext } from '../server.js'
import { startTestServer, type TestServer } from '../test-support/test-server.js'
import { startTurnstileSink, type TurnstileSink } from '../test-support/turnstile-sink.js'
import { ALTCHA_CHALLENGE_TTL_SECONDS } from './altcha.js'
import { assertCaptcha } from './assert-captcha.js'

const altcha = { provider: 'altcha', siteKey: null, secretKey: null, verifyUrl: null, altchaMaxNumber: 2_000 } as const

let t: TestServer
let ctx: ServerContext
let sink: TurnstileSink
let altchaApp: AppRecord
let logs = ''
const logSink = new Writable({
  write(chunk, _encoding, done) {
    logs += chunk
    done()
  },
})
beforeAll(async () => {
  t = await startTestServer({ app: { captcha: altcha } })
  altchaApp = t.app
  // A second context over the server's database shares its secret, so it verifies what the server signed.
  ctx = await createServerContext({ quiet: true }, { db: t.db, clock: t.clock, delivery: t.inbox, logger: pino({ level: 'debug' }, logSink) })
  sink = await startTurnstileSink()
})
afterAll(async () => {
  await sink?.close()
  await t?.close()
})

async function challenge(appId = altchaApp.id): Promise<CaptchaChallengeDto> {
  const response = await t.call<CaptchaChallengeDto>('/api/v1/captcha/challenge', { appId })
  expect(response.status).toBe(200)
  return response.body
}

/** Solves like the widget does and encodes the payload the way it submits it. */
async function solve(c: CaptchaChallengeDto, change: Partial<Record<string, unknown>> = {}): Promise<string> {
  const solution = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise
  expect(solution).not.toBeNull()
  const payload = { algorithm: c.algorithm, challenge: c.challenge, number: solution!.number, salt: c.salt, signature: c.signature, ...change }
  return Buffer.from(JSON.stringify(payload)).toString('base64')
}

async function rejection(work: Promise<unknown>): Promise<{ status: number; code: string; message: string }> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(ApiError)
  const { status, code, message } = error as ApiError
  return { status, code, message }
}

const invalid = { status: 400, code: 'invalid_captcha', message: 'Invalid captcha' }

describe('ALTCHA challenge route', () => {
  it('serves a signed SHA-256 challenge whose salt carries its expiry, never cached', async () => {
    const response = await t.call<CaptchaChallengeDto>('/api/v1/captcha/challenge')
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const body = response.body
    expect(Object.keys(body).sort()).toEqual(['algorithm', 'challenge', 'maxnumber', 'salt', 'signature'])
    expect(body).toMatchObject({ algorithm: 'SHA-256', maxnumber: 2_000 })
    expect(body.challenge).toMatch(/^[0-9a-f]{64}$/)
    expect(body.signature).toMatch(/^[0-9a-f]{64}$/)
    const expires = Number(/\?expires=(\d+)&$/.exec(body.salt)?.[1])
    expect(expires * 1000).toBeGreaterThan(t.clock.now() + (ALTCHA_CHALLENGE_TTL_SECONDS - 5) * 1000)
    expect(expires * 1000).toBeLessThanOrEqual(t.clock.now() + ALTCHA_CHALLENGE_TTL_SECONDS * 1000)
    expect((await challenge()).salt).not.toBe(body.salt)
  })

  it('needs the app header and an app whose CAPTCHA is ALTCHA', async () => {
    expect((await t.call('/api/v1/captcha/challenge', { appId: null })).body.code).toBe('invalid_data')
    const plain = await t.createApp({ name: 'No captcha' })
    const turnstile = await t.createApp({
      name: 'Turnstile',
      captcha: { provider: 'turnstile', siteKey: 'site', secretKey: sink.secret, verifyUrl: sink.verifyUrl },
    })
    for (const app of [plain, turnstile]) {
      const response = await t.call('/api/v1/captcha/challenge', { appId: app.id })
      expect(response.status).toBe(400)
      expect(response.body.code).toBe('feature_not_enabled')
    }
  })

  it('uses the production cost when the app sets none', async () => {
    const app = await t.createApp({ name: 'Default cost', captcha: { provider: 'altcha', siteKey: null, secretKey: null, verifyUrl: null } })
    expect((await challenge(app.id)).maxnumber).toBe(50_000)
  })
})

describe('assertCaptcha with ALTCHA', () => {
  it('accepts a solved challenge once', async () => {
    const token = await solve(await challenge())
    await expect(assertCaptcha(ctx, altchaApp, token)).resolves.toBeUndefined()
    expect(await rejection(assertCaptcha(ctx, altchaApp, token))).toEqual(invalid)
  })

  it('accepts one of many parallel presentations of a solution', async () => {
    const token = await solve(await challenge())
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => assertCaptcha(ctx, altchaApp, token)))
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
  })

  it('refuses a missing, malformed or unsolved token', async () => {
    for (const token of [undefined, null, '', 'not base64 json', Buffer.from('{"a":1}').toString('base64'), Buffer.from('[]').toString('base64')]) {
      expect(await rejection(assertCaptcha(ctx, altchaApp, token))).toEqual(invalid)
    }
    const c = await challenge()
    const solution = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise
    const wrongNumber = Buffer.from(JSON.stringify({ ...c, number: (solution!.number + 1) % c.maxnumber })).toString('base64')
    expect(await rejection(assertCaptcha(ctx, altchaApp, wrongNumber))).toEqual(invalid)
  })

  it('refuses a tampered signature, salt (a later expiry) or algorithm', async () => {
    const c = await challenge()
    const later = c.salt.replace(/expires=(\d+)/, (_, s: string) => `expires=${Number(s) + 86_400}`)
    for (const change of [{ signature: 'f'.repeat(64) }, { salt: later }, { algorithm: 'SHA-1' }, { number: '1' }]) {
      expect(await rejection(assertCaptcha(ctx, altchaApp, await solve(c, change)))).toEqual(invalid)
    }
    // The untouched solution still works: the failed attempts did not spend it.
    await expect(assertCaptcha(ctx, altchaApp, await solve(c))).resolves.toBeUndefined()
  })

  it('refuses a challenge signed for another app', async () => {
    const other = await t.createApp({ name: 'Other ALTCHA app', captcha: altcha })
    const token = await solve(await challenge(other.id))
    expect(await rejection(assertCaptcha(ctx, altchaApp, token))).toEqual(invalid)
    await expect(assertCaptcha(ctx, other, token)).resolves.toBeUndefined()
  })

  it('refuses an expired challenge', async () => {
    const token = await solve(await challenge())
    t.clock.advance(ALTCHA_CHALLENGE_TTL_SECONDS + 1)
    expect(await rejection(assertCaptcha(ctx, altchaApp, token))).toEqual(invalid)
  })

  it('is a no-op when the app has no CAPTCHA', async () => {
    const app = await t.createApp({ name: 'Open' })
    await expect(assertCaptcha(ctx, app, undefined)).resolves.toBeUndefined()
  })
})

describe('assertCaptcha with Turnstile', () => {
  const turnstileApp = (): Promise<AppRecord> =>
    t.createApp({
      name: 'Turnstile app',
      captcha: { provider: 'turnstile', siteKey: '1x00000000000000000000AA', secretKey: sink.secret, verifyUrl: sink.verifyUrl },
    })

  it('passes a token siteverify accepts, sending the secret, the token and the client IP as a form', async () => {
    const app = await turnstileApp()
    const token = sink.issueToken()
    await expect(assertCaptcha(ctx, app, token, '203.0.113.9')).resolves.toBeUndefined()
    expect(sink.requests.at(-1)).toEqual({
      contentType: 'application/x-www-form-urlencoded;charset=UTF-8',
      secret: sink.secret,
      response: token,
      remoteip: '203.0.113.9',
    })
  })

  it('refuses what siteverify rejects: unknown, reused, missing and overlong tokens, a wrong secret', async () => {
    const app = await turnstileApp()
    const token = sink.issueToken()
    await assertCaptcha(ctx, app, token)
    expect(await rejection(assertCaptcha(ctx, app, token))).toEqual(invalid)
    expect(await rejection(assertCaptcha(ctx, app, 'forged-token'))).toEqual(invalid)
    expect(await rejection(assertCaptcha(ctx, app, undefined))).toEqual(invalid)
    expect(await rejection(assertCaptcha(ctx, app, 'x'.repeat(2049)))).toEqual(invalid)
    const wrongSecret = { ...app, captcha: { ...app.captcha!, secretKey: 'wrong' } }
    expect(await rejection(assertCaptcha(ctx, wrongSecret, sink.issueToken()))).toEqual(invalid)
  })

  it('fails closed with a 503 when siteverify is down or unreachable, logging neither secret nor token', async () => {
    const app = await turnstileApp()
    const tokens = [sink.issueToken(), sink.issueToken()]
    sink.failWith(500)
    try {
      expect(await rejection(assertCaptcha(ctx, app, tokens[0]))).toMatchObject({ status: 503, code: 'internal_error' })
    } finally {
      sink.failWith(null)
    }
    const unreachable = { ...app, captcha: { ...app.captcha!, verifyUrl: 'http://127.0.0.1:9/siteverify' } }
    expect(await rejection(assertCaptcha(ctx, unreachable, tokens[1]))).toMatchObject({ status: 503, code: 'internal_error' })
    expect(logs).toContain('Turnstile siteverify failed')
    for (const secret of [sink.secret, ...tokens]) expect(logs).not.toContain(secret)
  })

  it('publishes the site key with the t: prefix and never the secret', async () => {
    const app = await turnstileApp()
    const config = await t.call(`/api/v1/apps/${app.id}`)
    expect(config.body).toMatchObject({ captcha_enabled: true, captcha_site_key: 't:1x00000000000000000000AA' })
    expect(JSON.stringify(config.body)).not.toContain(sink.secret)
    expect((await t.call(`/api/v1/apps/${altchaApp.id}`)).body.captcha_site_key).toBe(`a:${altchaApp.id}`)
  })
})

describe('CAPTCHA on the sign-in routes', () => {
  it('ALTCHA: passwordless/init needs a solved challenge, once', async () => {
    const init = (email: string, token?: string) => t.call('/api/v1/passwordless/init', { body: { email, ...(token !== undefined && { token }) } })
    expect((await init('captcha@example.com')).body).toEqual({ error: 'Invalid captcha', code: 'invalid_captcha' })
    const token = await solve(await challenge())
    expect((await init('captcha@example.com', token)).status).toBe(200)
    expect(t.inbox.lastCode('captcha@example.com')).toMatch(/^\d{6}$/)
    const replay = await init('captcha2@example.com', token)
    expect([replay.status, replay.body.code]).toEqual([400, 'invalid_captcha'])
    expect(t.inbox.messages.filter((m) => m.to === 'captcha2@example.com')).toHaveLength(0)
  })

  it('Turnstile: passwordless/init passes the token and the caller IP to siteverify', async () => {
    const app = await t.createApp({
      name: 'Turnstile login',
      captcha: { provider: 'turnstile', siteKey: 'site', secretKey: sink.secret, verifyUrl: sink.verifyUrl },
    })
    const token = sink.issueToken()
    const ok = await t.call('/api/v1/passwordless/init', { body: { email: 'turnstile@example.com', token }, appId: app.id })
    expect(ok.status).toBe(200)
    expect(sink.requests.at(-1)).toMatchObject({ response: token, remoteip: '127.0.0.1' })
    const forged = await t.call('/api/v1/passwordless/init', { body: { email: 'turnstile2@example.com', token: 'forged' }, appId: app.id })
    expect([forged.status, forged.body.code]).toEqual([400, 'invalid_captcha'])
  })
})
