import { ACCOUNT_TRANSFER_TTL_SECONDS } from '../../../../src/protocol/index.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ServerContext } from '../../context.js'
import { ApiError } from '../../http/api-error.js'
import { createServerContext } from '../../server.js'
import { startTestServer, type TestServer } from '../../test-support/test-server.js'
import { redeemAccountTransfer } from './account-transfer.js'
import { completeLogin } from './complete-login.js'
import { linkVerifiedAccount } from './link-account.js'
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

async function failure(work: Promise<unknown>): Promise<[number, string, string]> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(ApiError)
  return [(error as ApiError).status, (error as ApiError).code, (error as ApiError).message]
}

let n = 0
/** A user holding an email (and a phone), and a second user who proves that email while signed in: the offer's nonce. */
async function offer() {
  n += 1
  const held = `held-${n}@example.com`
  const other = await completeLogin(ctx, t.app, { method: 'email', account: email(held) })
  await linkVerifiedAccount(ctx, t.app, other.userId, 'sms', phone(`+1555000${String(n).padStart(4, '0')}`))
  const caller = await completeLogin(ctx, t.app, { method: 'sms', account: phone(`+1555900${String(n).padStart(4, '0')}`) })
  const error = await linkVerifiedAccount(ctx, t.app, caller.userId, 'email', email(held)).then(
    () => null,
    (e: ApiError) => e,
  )
  expect(error?.code).toBe('account_transfer_required')
  return { held, other, caller, nonce: (error!.data as { nonce: string }).nonce }
}

const invalidNonce: [number, string, string] = [400, 'invalid_credentials', 'Invalid or expired transfer nonce']
const invalidType: [number, string, string] = [400, 'invalid_data', 'Invalid transfer account type']

describe('redeemAccountTransfer', () => {
  it('moves the account to the caller and deletes the other user with its sessions', async () => {
    const { held, other, caller, nonce } = await offer()
    const user = await redeemAccountTransfer(ctx, t.app.id, caller, nonce, ['email'])
    expect(user.id).toBe(caller.userId)
    expect(user.linked_accounts.map((a) => a.type).sort()).toEqual(['email', 'phone'])
    expect(user.linked_accounts).toContainEqual(expect.objectContaining({ type: 'email', address: held }))
    expect(await t.db.query('SELECT 1 FROM users WHERE id = $1', [other.userId])).toHaveLength(0)
    expect((await t.call('/api/v1/users/me', { token: other.body.token! })).status).toBe(401)
    expect((await t.call('/api/v1/users/me', { token: caller.body.token! })).body.user.linked_accounts).toHaveLength(2)
    const login = await completeLogin(ctx, t.app, { method: 'email', account: email(held) })
    expect(login.userId).toBe(caller.userId)
  })

  it('is single use', async () => {
    const { caller, nonce } = await offer()
    await redeemAccountTransfer(ctx, t.app.id, caller, nonce, ['email'])
    expect(await failure(redeemAccountTransfer(ctx, t.app.id, caller, nonce, ['email']))).toEqual(invalidNonce)
  })

  it('gives exactly one of parallel redemptions the account', async () => {
    const { caller, nonce } = await offer()
    const results = await Promise.allSettled(Array.from({ length: 4 }, () => redeemAccountTransfer(ctx, t.app.id, caller, nonce, ['email'])))
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
  })

  it('expires', async () => {
    const { other, caller, nonce } = await offer()
    t.clock.advance(ACCOUNT_TRANSFER_TTL_SECONDS + 1)
    expect(await failure(redeemAccountTransfer(ctx, t.app.id, caller, nonce, ['email']))).toEqual(invalidNonce)
    expect(await t.db.query('SELECT 1 FROM users WHERE id = $1', [other.userId])).toHaveLength(1)
  })

  it('belongs to the user it was offered to, in its app', async () => {
    const { caller, nonce } = await offer()
    const stranger = await completeLogin(ctx, t.app, { method: 'email', account: email(`stranger-${n}@example.com`) })
    expect(await failure(redeemAccountTransfer(ctx, t.app.id, stranger, nonce, ['email']))).toEqual(invalidNonce)
    const otherApp = await t.createApp({ name: 'Elsewhere', loginMethods: ['email'] })
    expect(await failure(redeemAccountTransfer(ctx, otherApp.id, caller, nonce, ['email']))).toEqual(invalidNonce)
    expect(await failure(redeemAccountTransfer(ctx, t.app.id, caller, 'made-up-nonce', ['email']))).toEqual(invalidNonce)
    // None of the failed attempts spent it.
    await expect(redeemAccountTransfer(ctx, t.app.id, caller, nonce, ['email'])).resolves.toMatchObject({ id: caller.userId })
  })

  it("refuses an endpoint of another account type with 'Invalid transfer account type', without spending the nonce", async () => {
    const { caller, nonce } = await offer()
    expect(await failure(redeemAccountTransfer(ctx, t.app.id, caller, nonce, ['phone']))).toEqual(invalidType)
    expect(await failure(redeemAccountTransfer(ctx, t.app.id, caller, nonce, ['custom_auth']))).toEqual(invalidType)
    await expect(redeemAccountTransfer(ctx, t.app.id, caller, nonce, ['email'])).resolves.toMatchObject({ id: caller.userId })
  })

  it('refuses, keeping the offer, while the caller holds another account of the type', async () => {
    const { caller, nonce } = await offer()
    await linkVerifiedAccount(ctx, t.app, caller.userId, 'email', email(`meanwhile-${n}@example.com`))
    expect(await failure(redeemAccountTransfer(ctx, t.app.id, caller, nonce, ['email']))).toEqual([
      400,
      'cannot_link_more_of_type',
      'User already has an account of type email linked.',
    ])
    await t.db.query('DELETE FROM linked_accounts WHERE address = $1', [`meanwhile-${n}@example.com`])
    await expect(redeemAccountTransfer(ctx, t.app.id, caller, nonce, ['email'])).resolves.toMatchObject({ id: caller.userId })
  })

  it('fails when the other user was deleted meanwhile', async () => {
    const { other, caller, nonce } = await offer()
    await t.db.query('DELETE FROM users WHERE id = $1', [other.userId])
    expect(await failure(redeemAccountTransfer(ctx, t.app.id, caller, nonce, ['email']))).toEqual(invalidNonce)
  })

  it('fails, deleting no one, when the other user no longer holds the account', async () => {
    const { held, other, caller, nonce } = await offer()
    await t.db.query('DELETE FROM linked_accounts WHERE address = $1', [held])
    expect(await failure(redeemAccountTransfer(ctx, t.app.id, caller, nonce, ['email']))).toEqual(invalidNonce)
    expect(await t.db.query('SELECT 1 FROM users WHERE id = $1', [other.userId])).toHaveLength(1)
  })

  it('stores no usable nonce: only its keyed hash', async () => {
    const { nonce } = await offer()
    const rows = await t.db.query<{ nonce_hash: string }>('SELECT nonce_hash FROM account_transfers')
    expect(rows.length).toBeGreaterThan(0)
    expect(JSON.stringify(rows)).not.toContain(nonce)
  })
})
