import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../test-support/test-server.js'
import { pruneExpired } from './prune-expired.js'

let t: TestServer
beforeAll(async () => { t = await startTestServer() })
afterAll(async () => { await t?.close() })

const count = async (table: string) => (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n

describe('pruneExpired', () => {
  it('deletes expired one-time records and keeps live ones', async () => {
    expect((await t.call('/api/v1/passwordless/init', { body: { email: 'prune@example.com' } })).status).toBe(200)
    const now = t.clock.now()
    await t.db.query('INSERT INTO captcha_solutions (signature_hash, app_id, expires_at) VALUES ($1, $2, $3), ($4, $2, $5)', ['spent-old', t.app.id, now - 1, 'spent-live', now + 60_000])
    expect(await count('otp_codes')).toBe(1)

    expect(await pruneExpired(t.db, now)).toBe(1)
    expect(await count('otp_codes')).toBe(1)
    expect(await count('captcha_solutions')).toBe(1)

    // Past the email code's 10 minutes and the live solution's minute.
    t.clock.advance(11 * 60)
    expect(await pruneExpired(t.db, t.clock.now())).toBe(2)
    expect(await count('otp_codes')).toBe(0)
    expect(await count('captcha_solutions')).toBe(0)
  })
})
