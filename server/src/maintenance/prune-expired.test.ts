import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SESSION_MAX_LIFETIME_SECONDS } from '../../../src/protocol/index.js'
import { MFA_FAILURES } from '../mfa/failure-counter.js'
import { defaultRateLimits } from '../rate-limit/settings.js'
import { startTestServer, type TestServer } from '../test-support/test-server.js'
import { DEV_OUTBOX_RETENTION_MS, pruneExpired, RATE_LIMIT_RETENTION_MS } from './prune-expired.js'

let t: TestServer
let userId: string
let otherUserId: string
beforeAll(async () => {
  t = await startTestServer()
  userId = (await t.login('prune-owner@example.com')).body.user.id
  otherUserId = (await t.login('prune-other@example.com')).body.user.id
})
afterAll(async () => {
  await t?.close()
})

const count = async (table: string, where: string, key: string) =>
  (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE ${where} = $1`, [key]))[0]!.n

/** One row per table: `insert(key, time)` stores a row named `key` that dies at `time`, found again by `where = key`. */
interface ExpiringTable {
  table: string
  where: string
  insert(key: string, time: number): Promise<unknown>
}

const q = (sql: string) => (params: unknown[]) => t.db.query(sql, params)
const tables: ExpiringTable[] = [
  {
    table: 'otp_codes',
    where: 'identifier',
    insert: (key, time) =>
      q("INSERT INTO otp_codes (app_id, identifier, purpose, code_hash, created_at, expires_at) VALUES ('a', $1, 'login', 'h', 0, $2)")([key, time]),
  },
  {
    table: 'oauth_states',
    where: 'state_hash',
    insert: (key, time) =>
      q(
        "INSERT INTO oauth_states (state_hash, app_id, provider, client_state_code, code_challenge, redirect_to, callback_url, created_at, expires_at) VALUES ($1, 'a', 'google', 's', 'c', 'r', 'u', 0, $2)",
      )([key, time]),
  },
  {
    table: 'recovery_oauth_states',
    where: 'state_hash',
    insert: (key, time) =>
      q(
        "INSERT INTO recovery_oauth_states (state_hash, app_id, user_id, client_state_code, code_challenge, redirect_to, callback_url, provider_code_verifier, created_at, expires_at) VALUES ($1, 'a', $3, 's', 'c', 'r', 'u', 'v', 0, $2)",
      )([key, time, userId]),
  },
  {
    table: 'oauth_codes',
    where: 'code_hash',
    insert: (key, time) =>
      q(
        "INSERT INTO oauth_codes (code_hash, app_id, provider, client_state_code, code_challenge, subject, display_name, created_at, expires_at) VALUES ($1, 'a', 'google', 's', 'c', 'sub', 'n', 0, $2)",
      )([key, time]),
  },
  {
    table: 'account_transfers',
    where: 'nonce_hash',
    insert: (key, time) =>
      q(
        "INSERT INTO account_transfers (nonce_hash, app_id, to_user_id, from_user_id, type, address, created_at, expires_at) VALUES ($1, 'a', $3, $3, 'email', 'x', 0, $2)",
      )([key, time, userId]),
  },
  {
    table: 'captcha_solutions',
    where: 'signature_hash',
    insert: (key, time) => q("INSERT INTO captcha_solutions (signature_hash, app_id, expires_at) VALUES ($1, 'a', $2)")([key, time]),
  },
  {
    table: 'mfa_pending_totp',
    where: 'secret_sealed',
    insert: (key, time) =>
      q('INSERT INTO mfa_pending_totp (user_id, secret_sealed, expires_at) VALUES ($3, $1, $2)')([key, time, key.endsWith('live') ? otherUserId : userId]),
  },
  {
    table: 'mfa_sms_codes',
    where: 'purpose',
    insert: (key, time) => q("INSERT INTO mfa_sms_codes (user_id, purpose, code_hash, expires_at) VALUES ($3, $1, 'h', $2)")([key, time, userId]),
  },
  {
    table: 'wallet_nonces',
    where: 'nonce',
    insert: (key, time) => q("INSERT INTO wallet_nonces (nonce, app_id, chain_type, address, expires_at) VALUES ($1, 'a', 'ethereum', '0x', $2)")([key, time]),
  },
  {
    table: 'passkey_challenges',
    where: 'challenge_hash',
    insert: (key, time) => q("INSERT INTO passkey_challenges (challenge_hash, app_id, purpose, expires_at) VALUES ($1, 'a', 'authenticate', $2)")([key, time]),
  },
  {
    table: 'farcaster_channels',
    where: 'token_hash',
    insert: (key, time) => q("INSERT INTO farcaster_channels (token_hash, app_id, nonce, domain, expires_at) VALUES ($1, 'a', $1, 'd', $2)")([key, time]),
  },
  {
    table: 'cross_app_codes',
    where: 'code_hash',
    insert: (key, time) =>
      q(
        "INSERT INTO cross_app_codes (code_hash, provider_app_id, requester_app_id, client_state_code, code_challenge, subject, expires_at) VALUES ($1, 'a', 'b', 's', 'c', 'sub', $2)",
      )([key, time]),
  },
  {
    table: 'sessions (idle past expiry)',
    where: 'id',
    insert: (key, time) =>
      q("INSERT INTO sessions (id, app_id, user_id, created_at, expires_at) VALUES ($1, 'a', $3, $4, $2)")([key, time, userId, time - 1000]),
  },
  {
    table: 'sessions (past the absolute lifetime, however recently refreshed)',
    where: 'id',
    insert: (key, time) =>
      q("INSERT INTO sessions (id, app_id, user_id, created_at, expires_at) VALUES ($1, 'a', $3, $2, $4)")([
        key,
        time - SESSION_MAX_LIFETIME_SECONDS * 1000,
        userId,
        t.clock.now() + 86_400_000,
      ]),
  },
  {
    table: 'refresh_tokens',
    where: 'token_hash',
    insert: async (key, time) => {
      await q("INSERT INTO sessions (id, app_id, user_id, created_at, expires_at) VALUES ($1, 'a', $2, $3, $4)")([
        `live-session-${key}`,
        userId,
        t.clock.now(),
        t.clock.now() + 86_400_000,
      ])
      return q('INSERT INTO refresh_tokens (token_hash, session_id, created_at, expires_at) VALUES ($1, $2, 0, $3)')([key, `live-session-${key}`, time])
    },
  },
  {
    table: 'rate_limits',
    where: 'bucket',
    insert: (key, time) => q('INSERT INTO rate_limits (bucket, window_start, count) VALUES ($1, $2, 1)')([key, time - RATE_LIMIT_RETENTION_MS]),
  },
  {
    table: 'dev_outbox',
    where: 'to_address',
    insert: (key, time) =>
      q("INSERT INTO dev_outbox (app_id, to_address, channel, code, subject, body, sent_at) VALUES ('a', $1, 'email', '1', 's', 'b', $2)")([
        key,
        time - DEV_OUTBOX_RETENTION_MS,
      ]),
  },
]

describe('pruneExpired', () => {
  for (const { table, where, insert } of tables) {
    it(`${table}: deletes an expired row and keeps a live one`, async () => {
      const now = t.clock.now()
      const name = table.split(' ')[0]!
      await insert(`${table}-expired`, now - 1)
      await insert(`${table}-live`, now + 60_000)
      expect(await count(name, where, `${table}-expired`)).toBe(1)
      await pruneExpired(t.db, now)
      expect(await count(name, where, `${table}-expired`)).toBe(0)
      expect(await count(name, where, `${table}-live`)).toBe(1)
    })
  }

  it("a session's refresh tokens go with it", async () => {
    const now = t.clock.now()
    await q("INSERT INTO sessions (id, app_id, user_id, created_at, expires_at) VALUES ('dead-session', 'a', $1, $2, $3)")([userId, now - 10, now + 1])
    await q("INSERT INTO refresh_tokens (token_hash, session_id, created_at, expires_at) VALUES ('token-of-dead-session', 'dead-session', 0, $1)")([
      now + 60_000,
    ])
    await pruneExpired(t.db, now + 1)
    expect(await count('refresh_tokens', 'token_hash', 'token-of-dead-session')).toBe(0)
  })

  it('keeps every rate-limit bucket until its window has ended', () => {
    const windows = [
      ...Object.values(defaultRateLimits)
        .filter((rule) => typeof rule === 'object')
        .map((rule) => rule.windowSeconds),
      MFA_FAILURES.windowSeconds,
    ]
    for (const seconds of windows) expect(seconds * 1000).toBeLessThanOrEqual(RATE_LIMIT_RETENTION_MS)
  })
})
