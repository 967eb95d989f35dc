import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppInput, AppRecord } from '../../apps/types.js'
import type { ServerContext } from '../../context.js'
import { createServerContext } from '../../server.js'
import { startTestServer, type TestServer } from '../../test-support/test-server.js'
import { completeLogin } from './complete-login.js'
import type { VerifiedAccount } from './verified-account.js'
import { smsChannel } from '../sms/sms-channel.js'
import { emailChannel } from '../email/email-channel.js'

let t: TestServer
let ctx: ServerContext
beforeAll(async () => {
  t = await startTestServer()
  ctx = await createServerContext({ quiet: true }, { db: t.db, clock: t.clock, delivery: t.inbox })
})
afterAll(async () => {
  await t?.close()
})

// The accounts the email and SMS routes verify, built the way they build them.
const email = emailChannel.account
const phone = smsChannel.account
const appWith = (settings: AppInput): Promise<AppRecord> => t.createApp({ name: 'Access control', loginMethods: ['email', 'sms', 'google'], ...settings })
const allowlist = (entries: string[]) => ({
  enabled: true,
  entries,
  errorTitle: 'Private beta',
  errorDetail: 'Ask us for an invite',
  ctaText: 'Join the waitlist',
  ctaLink: 'https://example.com/wait',
})

/** Resolves to the error body the API would send, or 'ok' with the status of a successful sign-in. */
async function attempt(app: AppRecord, request: Parameters<typeof completeLogin>[2]): Promise<{ status: number; code: string; message: string } | 'ok'> {
  try {
    await completeLogin(ctx, app, request)
    return 'ok'
  } catch (error) {
    const { status, code, message } = error as { status: number; code: string; message: string }
    return { status, code, message }
  }
}

describe('allowlist', () => {
  it('admits listed emails, whole @domains and phone numbers, case-insensitively', async () => {
    const app = await appWith({ allowlist: allowlist(['Ada@Example.com', '@Team.Example', '+15551234567']) })
    expect(await attempt(app, { method: 'email', account: email('ada@example.com') })).toBe('ok')
    expect(await attempt(app, { method: 'email', account: email('anyone@team.example') })).toBe('ok')
    expect(await attempt(app, { method: 'sms', account: phone('+15551234567') })).toBe('ok')
  })

  it('refuses everyone else with 403 allowlist_rejected, returning users too', async () => {
    const app = await appWith({})
    expect(await attempt(app, { method: 'email', account: email('bob@example.com') })).toBe('ok')
    const closed = await t.createApp({ ...app, allowlist: allowlist(['ada@example.com', '@team.example']) })
    for (const account of [
      email('bob@example.com'),
      email('ada@example.co'),
      email('x@sub.team.example'),
      email('team.example@evil.test'),
      phone('+15550000000'),
    ]) {
      expect(await attempt(closed, { method: account.type === 'phone' ? 'sms' : 'email', account })).toEqual({
        status: 403,
        code: 'allowlist_rejected',
        message: 'This account is not on the allowlist for this app',
      })
    }
  })

  it('matches an account by any identifier the provider verified (an OAuth email)', async () => {
    const app = await appWith({ allowlist: allowlist(['@example.com']) })
    const google: VerifiedAccount = { type: 'google_oauth', key: 'sub-1', allowlistIdentifiers: ['dev@example.com'], displayName: 'dev@example.com' }
    expect(await attempt(app, { method: 'google', account: google })).toBe('ok')
    expect(await attempt(app, { method: 'google', account: { ...google, key: 'sub-2', allowlistIdentifiers: [] } })).toMatchObject({
      code: 'allowlist_rejected',
    })
  })

  it('matches phone entries written with spaces or punctuation', async () => {
    const app = await appWith({ allowlist: allowlist(['+1 (555) 123-4567']) })
    expect(await attempt(app, { method: 'sms', account: phone('+15551234567') })).toBe('ok')
  })

  it('is off by default, and an enabled empty list admits no one', async () => {
    expect(await attempt(await appWith({}), { method: 'email', account: email('free@example.com') })).toBe('ok')
    expect(await attempt(await appWith({ allowlist: allowlist([]) }), { method: 'email', account: email('free@example.com') })).toMatchObject({
      code: 'allowlist_rejected',
    })
  })

  it('publishes the screen overrides in the app config, never the entries', async () => {
    const app = await appWith({ allowlist: allowlist(['secret-vip@example.com']) })
    const config = await t.call(`/api/v1/apps/${app.id}`)
    expect(config.body.allowlist_config).toEqual({
      error_title: 'Private beta',
      error_detail: 'Ask us for an invite',
      cta_text: 'Join the waitlist',
      cta_link: 'https://example.com/wait',
    })
    expect(JSON.stringify(config.body)).not.toContain('secret-vip')
  })
})

describe('login methods', () => {
  it('refuses a method the app did not enable with 403 disallowed_login_method', async () => {
    const app = await appWith({ loginMethods: ['email'] })
    expect(await attempt(app, { method: 'sms', account: phone('+15551234567') })).toEqual({
      status: 403,
      code: 'disallowed_login_method',
      message: 'Login with sms is not allowed for this app',
    })
  })
})

describe('sign-up rules', () => {
  it('test-mode user limit: 403 max_accounts_reached for new users only', async () => {
    const app = await appWith({ userLimit: 2 })
    expect(await attempt(app, { method: 'email', account: email('one@example.com') })).toBe('ok')
    expect(await attempt(app, { method: 'email', account: email('two@example.com') })).toBe('ok')
    expect(await attempt(app, { method: 'email', account: email('three@example.com') })).toEqual({
      status: 403,
      code: 'max_accounts_reached',
      message: 'This test app has reached its user limit',
    })
    expect(await attempt(app, { method: 'email', account: email('one@example.com') })).toBe('ok')
    const users = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE app_id = $1', [app.id])
    expect(users[0]!.n).toBe(2)
  })

  it('holds the limit exactly under parallel sign-ups', async () => {
    const app = await appWith({ userLimit: 2 })
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => attempt(app, { method: 'email', account: email(`rush-${i}@example.com`) })))
    expect(results.filter((r) => r === 'ok')).toHaveLength(2)
    expect(results.filter((r) => r !== 'ok')).toEqual(Array(4).fill(expect.objectContaining({ code: 'max_accounts_reached' })))
  })

  it('counts users per app', async () => {
    const full = await appWith({ userLimit: 1 })
    const other = await appWith({ userLimit: 1 })
    expect(await attempt(full, { method: 'email', account: email('a@example.com') })).toBe('ok')
    expect(await attempt(other, { method: 'email', account: email('b@example.com') })).toBe('ok')
  })

  it('sign-up disabled, or mode no-signup: 400 user_does_not_exist for new users, returning users pass', async () => {
    const app = await appWith({})
    expect(await attempt(app, { method: 'email', account: email('known@example.com') })).toBe('ok')
    const closed = await t.createApp({ ...app, signupDisabled: true })
    const refused = { status: 400, code: 'user_does_not_exist', message: 'No account exists for this login' }
    expect(await attempt(closed, { method: 'email', account: email('new@example.com') })).toEqual(refused)
    expect(await attempt(closed, { method: 'email', account: email('known@example.com') })).toBe('ok')
    expect(await attempt(app, { method: 'email', account: email('new@example.com'), mode: 'no-signup' })).toEqual(refused)
    expect(await attempt(app, { method: 'email', account: email('known@example.com'), mode: 'no-signup' })).toBe('ok')
    const created = await t.db.query('SELECT 1 FROM linked_accounts WHERE app_id = $1 AND address = $2', [app.id, 'new@example.com'])
    expect(created).toHaveLength(0)
  })

  it('checks the method and the allowlist before the sign-up rules', async () => {
    const app = await appWith({ loginMethods: ['email'], signupDisabled: true, allowlist: allowlist([]) })
    expect(await attempt(app, { method: 'sms', account: phone('+15551234567') })).toMatchObject({ code: 'disallowed_login_method' })
    expect(await attempt(app, { method: 'email', account: email('x@example.com') })).toMatchObject({ code: 'allowlist_rejected' })
  })
})
