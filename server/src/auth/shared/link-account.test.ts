import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppRecord } from '../../apps/types.js'
import type { ServerContext } from '../../context.js'
import { ApiError } from '../../http/api-error.js'
import { createServerContext } from '../../server.js'
import { startTestServer, type TestServer } from '../../test-support/test-server.js'
import { completeLogin } from './complete-login.js'
import { linkVerifiedAccount } from './link-account.js'
import type { VerifiedAccount } from './verified-account.js'
import { smsChannel } from '../sms/sms-channel.js'
import { emailChannel } from '../email/email-channel.js'

let t: TestServer
let ctx: ServerContext
let app: AppRecord
beforeAll(async () => {
  t = await startTestServer({ app: { loginMethods: ['email', 'sms', 'google', 'custom_jwt'] } })
  app = t.app
  ctx = await createServerContext({ quiet: true }, { db: t.db, clock: t.clock, delivery: t.inbox })
})
afterAll(async () => {
  await t?.close()
})

// The accounts the email and SMS routes verify, built the way they build them.
const email = emailChannel.account
const phone = smsChannel.account
const google = (subject: string): VerifiedAccount => ({
  type: 'google_oauth',
  key: subject,
  details: { email: `${subject}@gmail.test` },
  allowlistIdentifiers: [],
  displayName: `${subject}@gmail.test`,
})
const custom = (id: string): VerifiedAccount => ({ type: 'custom_auth', key: id, allowlistIdentifiers: [], displayName: id })
const signUp = async (address: string, on = app) => (await completeLogin(ctx, on, { method: 'email', account: email(address) })).userId

async function failure(work: Promise<unknown>): Promise<ApiError> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(ApiError)
  return error as ApiError
}

describe('linkVerifiedAccount', () => {
  it('adds an account of a new type to the user', async () => {
    const userId = await signUp('link@example.com')
    const user = await linkVerifiedAccount(ctx, app, userId, 'sms', phone('+15557654321'))
    expect(user.linked_accounts.map((a) => a.type)).toEqual(['email', 'phone'])
    expect(user.linked_accounts[1]).toMatchObject({ type: 'phone', number: '+15557654321' })
  })

  it('allows one account per type: 400 cannot_link_more_of_type with the type named', async () => {
    const userId = await signUp('one-each@example.com')
    let error = await failure(linkVerifiedAccount(ctx, app, userId, 'email', email('second@example.com')))
    expect([error.status, error.code, error.message]).toEqual([400, 'cannot_link_more_of_type', 'User already has an account of type email linked.'])
    await linkVerifiedAccount(ctx, app, userId, 'google', google('g-1'))
    error = await failure(linkVerifiedAccount(ctx, app, userId, 'google', google('g-2')))
    expect(error.message).toBe('User already has an account of type google_oauth linked.')
    expect(await t.db.query('SELECT 1 FROM linked_accounts WHERE address IN ($1, $2)', ['second@example.com', 'g-2'])).toHaveLength(0)
  })

  it('treats linking an account the user already holds as done', async () => {
    const userId = await signUp('again@example.com')
    const user = await linkVerifiedAccount(ctx, app, userId, 'email', email('again@example.com'))
    expect(user.linked_accounts).toHaveLength(1)
  })

  it('refuses a method the app did not enable', async () => {
    const emailOnly = await t.createApp({ name: 'Email only', loginMethods: ['email'] })
    const userId = await signUp('method@example.com', emailOnly)
    expect((await failure(linkVerifiedAccount(ctx, emailOnly, userId, 'sms', phone('+15550001111')))).code).toBe('disallowed_login_method')
  })

  it('refuses an account another user holds with linked_to_another_user when transfers are off', async () => {
    const noTransfer = await t.createApp({ name: 'No transfer', loginMethods: ['email', 'custom_jwt'], accountTransferEnabled: false })
    await signUp('taken@example.com', noTransfer)
    const userId = (await completeLogin(ctx, noTransfer, { method: 'custom_jwt', account: custom('cu-1') })).userId
    const error = await failure(linkVerifiedAccount(ctx, noTransfer, userId, 'email', email('taken@example.com')))
    expect([error.status, error.code, error.message, error.data]).toEqual([
      400,
      'linked_to_another_user',
      'This account has already been linked to another user.',
      undefined,
    ])
  })

  it('offers a transfer (account_transfer_required with a nonce) when transfers are on', async () => {
    await signUp('owned@example.com')
    const userId = (await completeLogin(ctx, app, { method: 'custom_jwt', account: custom('cu-2') })).userId
    const error = await failure(linkVerifiedAccount(ctx, app, userId, 'email', email('owned@example.com')))
    expect([error.status, error.code]).toEqual([400, 'account_transfer_required'])
    expect(error.data).toEqual({
      nonce: expect.stringMatching(/^[\w-]{43}$/),
      account: { displayName: 'owned@example.com' },
      otherUser: { embeddedWalletAddress: null },
    })
    expect(JSON.stringify(await t.db.query('SELECT * FROM account_transfers'))).not.toContain((error.data as { nonce: string }).nonce)
  })

  it('names the OAuth subject in a transfer offer', async () => {
    await completeLogin(ctx, app, { method: 'google', account: google('g-owned') })
    const userId = await signUp('wants-google@example.com')
    const error = await failure(linkVerifiedAccount(ctx, app, userId, 'google', google('g-owned')))
    expect(error.data).toMatchObject({ subject: 'g-owned', account: { displayName: 'g-owned@gmail.test' } })
  })

  it('never offers to transfer a custom-auth account', async () => {
    await completeLogin(ctx, app, { method: 'custom_jwt', account: custom('cu-held') })
    const userId = await signUp('wants-custom@example.com')
    expect((await failure(linkVerifiedAccount(ctx, app, userId, 'custom_jwt', custom('cu-held')))).code).toBe('linked_to_another_user')
  })

  it('links one of several accounts of a type linked at once', async () => {
    const userId = await signUp('eager@example.com')
    const results = await Promise.allSettled(Array.from({ length: 5 }, (_, i) => linkVerifiedAccount(ctx, app, userId, 'sms', phone(`+1555333000${i}`))))
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    for (const r of results) if (r.status === 'rejected') expect((r.reason as ApiError).code).toBe('cannot_link_more_of_type')
    expect(await t.db.query("SELECT 1 FROM linked_accounts WHERE user_id = $1 AND type = 'phone'", [userId])).toHaveLength(1)
  })

  it('makes a guest a full user', async () => {
    const userId = await signUp('guest-like@example.com')
    await t.db.query('UPDATE users SET is_guest = true WHERE id = $1', [userId])
    const user = await linkVerifiedAccount(ctx, app, userId, 'sms', phone('+15552223333'))
    expect(user.is_guest).toBe(false)
  })

  it('gives one of two users racing to link the same new account the account, the other a transfer offer', async () => {
    const [a, b] = await Promise.all([signUp('racer-a@example.com'), signUp('racer-b@example.com')])
    const results = await Promise.allSettled([a, b].map((userId) => linkVerifiedAccount(ctx, app, userId, 'sms', phone('+15559998888'))))
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult
    expect(rejected.reason).toBeInstanceOf(ApiError)
    expect((rejected.reason as ApiError).code).toBe('account_transfer_required')
  })
})
