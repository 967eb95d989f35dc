import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ServerContext } from '../../context.js'
import { createServerContext } from '../../server.js'
import { startTestServer, type TestServer } from '../../test-support/test-server.js'
import { completeLogin } from './complete-login.js'
import type { VerifiedAccount } from './verified-account.js'
import { emailChannel } from '../email/email-channel.js'

let t: TestServer
let ctx: ServerContext
beforeAll(async () => {
  t = await startTestServer({ app: { loginMethods: ['email', 'github'] } })
  ctx = await createServerContext({ quiet: true }, { db: t.db, clock: t.clock, delivery: t.inbox })
})
afterAll(async () => {
  await t?.close()
})

// The accounts the email and SMS routes verify, built the way they build them.
const email = emailChannel.account
const countRows = async (sql: string, params: unknown[]) => (await t.db.query<{ n: number }>(sql, params))[0]!.n

describe('completeLogin', () => {
  it('signs a new user up, then the same user in, with sessions the API accepts', async () => {
    const first = await completeLogin(ctx, t.app, { method: 'email', account: email('new@example.com') })
    expect(first.body).toMatchObject({ is_new_user: true, session_update_action: 'set' })
    expect(first.body.user.linked_accounts).toMatchObject([{ type: 'email', address: 'new@example.com' }])
    const me = await t.call('/api/v1/users/me', { token: first.body.token! })
    expect(me.status).toBe(200)
    expect(me.body.user.id).toBe(first.userId)

    t.clock.advance(5)
    const again = await completeLogin(ctx, t.app, { method: 'email', account: email('new@example.com') })
    expect(again.body.is_new_user).toBe(false)
    expect(again.userId).toBe(first.userId)
    expect(again.sessionId).not.toBe(first.sessionId)
    const [account] = again.body.user.linked_accounts
    expect(account!.latest_verified_at).toBeGreaterThan(account!.first_verified_at!)
    const refreshed = await t.call('/api/v1/sessions', { body: { refresh_token: again.body.refresh_token } })
    expect(refreshed.status).toBe(200)
  })

  it('keeps the provider profile of OAuth accounts fresh and passes provider tokens through', async () => {
    const account = (name: string): VerifiedAccount => ({
      type: 'github_oauth',
      key: '4242',
      details: { username: name, email: 'octo@example.com', name: 'Octo' },
      allowlistIdentifiers: ['octo@example.com'],
      displayName: name,
    })
    const oauthTokens = { provider: 'github', access_token: 'gho_provider_token', scopes: ['read:user'] }
    const first = await completeLogin(ctx, t.app, { method: 'github', account: account('octo'), oauthTokens })
    expect(first.body.oauth_tokens).toEqual(oauthTokens)
    expect(first.body.user.linked_accounts).toMatchObject([{ type: 'github_oauth', subject: '4242', username: 'octo' }])
    const renamed = await completeLogin(ctx, t.app, { method: 'github', account: account('octocat') })
    expect(renamed.body.oauth_tokens).toBeUndefined()
    expect(renamed.body.user.linked_accounts).toMatchObject([{ type: 'github_oauth', subject: '4242', username: 'octocat' }])
  })

  it('turns parallel first logins of one identity into one user, without a 500', async () => {
    const address = 'race@example.com'
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => completeLogin(ctx, t.app, { method: 'email', account: email(address) })))
    const failures = results.filter((r) => r.status === 'rejected')
    expect(failures).toEqual([])
    const logins = results.map((r) => (r as PromiseFulfilledResult<Awaited<ReturnType<typeof completeLogin>>>).value)
    expect(new Set(logins.map((l) => l.userId)).size).toBe(1)
    expect(new Set(logins.map((l) => l.sessionId)).size).toBe(8)
    expect(logins.filter((l) => l.body.is_new_user)).toHaveLength(1)
    expect(await countRows('SELECT count(*)::int AS n FROM users u JOIN linked_accounts a ON a.user_id = u.id WHERE a.address = $1', [address])).toBe(1)
  })

  it('keeps apps apart: one identity is a separate user in each app', async () => {
    const other = await t.createApp({ name: 'Other', loginMethods: ['email'] })
    const here = await completeLogin(ctx, t.app, { method: 'email', account: email('both@example.com') })
    const there = await completeLogin(ctx, other, { method: 'email', account: email('both@example.com') })
    expect(there.userId).not.toBe(here.userId)
    expect(there.body.is_new_user).toBe(true)
    const crossed = await t.call('/api/v1/users/me', { token: there.body.token!, appId: t.app.id })
    expect(crossed.status).toBe(401)
  })
})
