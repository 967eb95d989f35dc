import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ServerContext } from '../../context.js'
import { ApiError } from '../../http/api-error.js'
import { createServerContext } from '../../server.js'
import { startTestServer, type TestServer } from '../../test-support/test-server.js'
import { completeLogin } from './complete-login.js'
import { linkVerifiedAccount } from './link-account.js'
import { unlinkAccount } from './unlink-account.js'
import { smsChannel } from '../sms/sms-channel.js'
import { emailChannel } from '../email/email-channel.js'

let t: TestServer
let ctx: ServerContext
beforeAll(async () => {
  t = await startTestServer({ app: { loginMethods: ['email', 'sms'] } })
  ctx = await createServerContext({ quiet: true }, { db: t.db, clock: t.clock, delivery: t.inbox })
})
afterAll(async () => {
  await t?.close()
})

// The accounts the email and SMS routes verify, built the way they build them.
const email = emailChannel.account
const phone = smsChannel.account
const signUp = async (address: string) => (await completeLogin(ctx, t.app, { method: 'email', account: email(address) })).userId

async function failure(work: Promise<unknown>): Promise<[number, string, string]> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(ApiError)
  return [(error as ApiError).status, (error as ApiError).code, (error as ApiError).message]
}

describe('unlinkAccount', () => {
  it('removes one of several accounts; the identity is then free to sign up on its own', async () => {
    const userId = await signUp('two-accounts@example.com')
    await linkVerifiedAccount(ctx, t.app, userId, 'sms', phone('+15551110000'))
    const user = await unlinkAccount(ctx, t.app, userId, 'phone', '+15551110000')
    expect(user.linked_accounts.map((a) => a.type)).toEqual(['email'])
    const fresh = await completeLogin(ctx, t.app, { method: 'sms', account: phone('+15551110000') })
    expect(fresh.body.is_new_user).toBe(true)
    expect(fresh.userId).not.toBe(userId)
  })

  it('404 linked_account_not_found for an account the caller does not hold, even one another user holds', async () => {
    const userId = await signUp('caller@example.com')
    await linkVerifiedAccount(ctx, t.app, userId, 'sms', phone('+15551110001'))
    await signUp('someone-else@example.com')
    const notFound = [404, 'linked_account_not_found', 'This account is not linked to the user']
    expect(await failure(unlinkAccount(ctx, t.app, userId, 'email', 'nobody@example.com'))).toEqual(notFound)
    expect(await failure(unlinkAccount(ctx, t.app, userId, 'email', 'someone-else@example.com'))).toEqual(notFound)
    expect(await failure(unlinkAccount(ctx, t.app, userId, 'phone', 'caller@example.com'))).toEqual(notFound)
    expect(await t.db.query('SELECT 1 FROM linked_accounts WHERE address = $1', ['someone-else@example.com'])).toHaveLength(1)
  })

  it('400 cannot_unlink_sole_account for the last account', async () => {
    const userId = await signUp('only@example.com')
    expect(await failure(unlinkAccount(ctx, t.app, userId, 'email', 'only@example.com'))).toEqual([
      400,
      'cannot_unlink_sole_account',
      'Cannot unlink the only account of a user',
    ])
  })

  it('leaves one account when a user unlinks both of two at once', async () => {
    const userIds = await Promise.all(Array.from({ length: 5 }, (_, i) => signUp(`both-${i}@example.com`)))
    await Promise.all(userIds.map((userId, i) => linkVerifiedAccount(ctx, t.app, userId, 'sms', phone(`+1555111100${i}`))))
    const results = await Promise.allSettled(
      userIds.flatMap((userId, i) => [
        unlinkAccount(ctx, t.app, userId, 'email', `both-${i}@example.com`),
        unlinkAccount(ctx, t.app, userId, 'phone', `+1555111100${i}`),
      ]),
    )
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5)
    for (const userId of userIds) expect(await t.db.query('SELECT 1 FROM linked_accounts WHERE user_id = $1', [userId])).toHaveLength(1)
  })
})
