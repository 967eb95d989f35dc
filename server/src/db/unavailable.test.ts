import { describe, expect, it } from 'vitest'
import { startTestServer } from '../test-support/test-server.js'
import { DatabaseUnavailableError, isDatabaseUnavailable } from './unavailable.js'

describe('a database that is gone (docs/security.md #58)', () => {
  it('answers 503 with Retry-After and no driver detail, on PGlite and on PostgreSQL alike', async () => {
    const t = await startTestServer()
    await t.db.close()
    try {
      for (const response of [
        await t.call('/api/v1/passwordless/init', { body: { email: 'gone@example.com' } }),
        await t.call('/api/v1/users/me', { token: 'x' }),
      ]) {
        expect([response.status, response.body.code, response.headers.get('retry-after')]).toEqual([503, 'internal_error', '5'])
        expect(response.body.error).toBe('The service is temporarily unavailable, try again shortly')
        expect(JSON.stringify(response.body)).not.toMatch(/closed|pool|\bat \w/i)
      }
    } finally {
      await t.server.close()
      await t.close().catch(() => {})
    }
  })

  it('tells an unreachable database from a wrong query', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })
    expect(isDatabaseUnavailable(refused)).toBe(true)
    expect(isDatabaseUnavailable(new AggregateError([refused]))).toBe(true)
    expect(isDatabaseUnavailable(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(true)
    expect(isDatabaseUnavailable(Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }))).toBe(true)
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true)
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' }))).toBe(false)
    expect(isDatabaseUnavailable(Object.assign(new Error('syntax error'), { code: '42601' }))).toBe(false)
    expect(isDatabaseUnavailable(new DatabaseUnavailableError(refused))).toBe(false)
  })
})
