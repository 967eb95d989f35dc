import { Writable } from 'node:stream'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, TEST_ORIGIN, type TestServer } from '../test-support/test-server.js'

let t: TestServer
let logs = ''
beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logs += chunk
      done()
    },
  })
  t = await startTestServer({ overrides: { logger: pino({ level: 'debug' }, sink) } })
})
afterAll(async () => {
  await t?.close()
})

describe('logs and error bodies', () => {
  it('never contain codes or tokens after a full flow with failures', async () => {
    const email = 'logs@example.com'
    await t.call('/api/v1/passwordless/init', { body: { email } })
    const code = t.inbox.lastCode(email)
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0')
    const bodies: unknown[] = []
    bodies.push((await t.call('/api/v1/passwordless/authenticate', { body: { email, code: wrong } })).body)
    const login = await t.call('/api/v1/passwordless/authenticate', { body: { email, code } })
    const { token, refresh_token, identity_token } = login.body
    bodies.push((await t.call('/api/v1/passwordless/authenticate', { body: { email, code } })).body)
    const refreshed = await t.call('/api/v1/sessions', { body: { refresh_token } })
    t.clock.advance(11)
    bodies.push((await t.call('/api/v1/sessions', { body: { refresh_token } })).body)
    bodies.push((await t.call('/api/v1/users/me', { token: identity_token })).body)
    bodies.push((await t.call('/api/v1/passwordless/init', { rawBody: `{"email":"${code}`, headers: { origin: TEST_ORIGIN } })).body)
    await t.call('/api/v1/sessions/logout', { body: { refresh_token: refreshed.body.refresh_token }, token })

    expect(logs).toContain('"msg":"request"')
    for (const secret of [code, token, refresh_token, identity_token, refreshed.body.refresh_token, refreshed.body.token]) {
      expect(logs).not.toContain(secret)
      expect(JSON.stringify(bodies)).not.toContain(secret)
    }
    expect(JSON.stringify(bodies)).not.toMatch(/at .*\.ts:\d+/)
  })

  it('keeps CORS headers on error responses so browsers can read the code', async () => {
    const response = await t.call('/api/v1/passwordless/init', { body: { email: 'nope' }, headers: { origin: TEST_ORIGIN } })
    expect(response.status).toBe(400)
    expect(response.headers.get('access-control-allow-origin')).toBe(TEST_ORIGIN)
    expect(response.headers.get('access-control-allow-credentials')).toBe('true')
  })
})
