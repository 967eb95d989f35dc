import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppInput } from '../../apps/types.js'
import { startTestServer, type ApiResponse, type TestServer } from '../../test-support/test-server.js'

/** The shared sign-in pipeline as the clients meet it: through the email and SMS routes. */
let t: TestServer
beforeAll(async () => {
  t = await startTestServer({ app: { loginMethods: ['email', 'sms'] } })
})
afterAll(async () => {
  await t?.close()
})

const appWith = async (settings: AppInput) => (await t.createApp({ name: 'Pipeline', loginMethods: ['email', 'sms'], ...settings })).id

async function signIn(appId: string, identifier: string, mode?: 'no-signup'): Promise<ApiResponse> {
  const sms = identifier.startsWith('+')
  const field = sms ? 'phoneNumber' : 'email'
  const base = sms ? '/api/v1/passwordless_sms' : '/api/v1/passwordless'
  t.clock.advance(31) // past the resend cooldown of a returning identifier
  const init = await t.call(`${base}/init`, { body: { [field]: identifier }, appId })
  if (init.status !== 200) return init
  return t.call(`${base}/authenticate`, { body: { [field]: identifier, code: t.inbox.lastCode(identifier), ...(mode && { mode }) }, appId })
}

/** Proves `email` while signed in with `token`, as the link screen does. */
async function linkEmail(appId: string, token: string, email: string): Promise<ApiResponse> {
  const init = await t.call('/api/v1/passwordless/init', { body: { email }, appId, token })
  expect(init.status).toBe(200)
  return t.call('/api/v1/passwordless/link', { body: { email, code: t.inbox.lastCode(email) }, appId, token })
}

const error = (response: ApiResponse) => [response.status, response.body.code, response.body.error]

describe('access control on the sign-in routes', () => {
  it('allowlist: listed emails, @domains and numbers sign in; others get 403 allowlist_rejected', async () => {
    const appId = await appWith({
      allowlist: {
        enabled: true,
        entries: ['vip@example.com', '@ok.example', '+14152000011'],
        errorTitle: null,
        errorDetail: null,
        ctaText: null,
        ctaLink: null,
      },
    })
    expect((await signIn(appId, 'vip@example.com')).status).toBe(200)
    expect((await signIn(appId, 'anyone@ok.example')).status).toBe(200)
    expect((await signIn(appId, '+14152000011')).status).toBe(200)
    expect(error(await signIn(appId, 'nobody@example.com'))).toEqual([403, 'allowlist_rejected', 'This account is not on the allowlist for this app'])
    expect(error(await signIn(appId, '+14152000012'))).toEqual([403, 'allowlist_rejected', 'This account is not on the allowlist for this app'])
  })

  it('test-mode user limit: 403 max_accounts_reached for a new user, returning users still sign in', async () => {
    const appId = await appWith({ userLimit: 1 })
    expect((await signIn(appId, 'first@example.com')).status).toBe(200)
    expect(error(await signIn(appId, 'second@example.com'))).toEqual([403, 'max_accounts_reached', 'This test app has reached its user limit'])
    expect((await signIn(appId, 'first@example.com')).body.is_new_user).toBe(false)
  })

  it('sign-up disabled and mode no-signup: 400 user_does_not_exist for new users', async () => {
    const appId = await appWith({})
    expect((await signIn(appId, 'member@example.com')).status).toBe(200)
    expect(error(await signIn(appId, 'stranger@example.com', 'no-signup'))).toEqual([400, 'user_does_not_exist', 'No account exists for this login'])
    const closed = await t.createApp({ id: appId, signupDisabled: true })
    expect(error(await signIn(closed.id, 'stranger@example.com'))).toEqual([400, 'user_does_not_exist', 'No account exists for this login'])
    expect((await signIn(closed.id, 'member@example.com')).status).toBe(200)
  })

  it('a method the app did not enable: 403 disallowed_login_method', async () => {
    const appId = await appWith({ loginMethods: ['email'] })
    expect(error(await signIn(appId, '+14152000013'))).toEqual([403, 'disallowed_login_method', 'Login with sms is not allowed for this app'])
  })
})

describe('linking, transfer and unlinking on the routes', () => {
  it('one account per type: 400 cannot_link_more_of_type', async () => {
    const { body } = await signIn(t.app.id, 'has-one@example.com')
    expect(error(await linkEmail(t.app.id, body.token, 'second-one@example.com'))).toEqual([
      400,
      'cannot_link_more_of_type',
      'User already has an account of type email linked.',
    ])
  })

  it('transfer off: 400 linked_to_another_user', async () => {
    const appId = await appWith({ accountTransferEnabled: false })
    await signIn(appId, 'owner@example.com')
    const { body } = await signIn(appId, '+14152000014')
    expect(error(await linkEmail(appId, body.token, 'owner@example.com'))).toEqual([
      400,
      'linked_to_another_user',
      'This account has already been linked to another user.',
    ])
  })

  it('transfer on: account_transfer_required with data.nonce, redeemed once at the endpoint of its type', async () => {
    const other = await signIn(t.app.id, 'moving@example.com')
    const caller = await signIn(t.app.id, '+14152000015')
    const offer = await linkEmail(t.app.id, caller.body.token, 'moving@example.com')
    expect([offer.status, offer.body.code]).toEqual([400, 'account_transfer_required'])
    expect(offer.body.data).toMatchObject({
      nonce: expect.any(String),
      account: { displayName: 'moving@example.com' },
      otherUser: { embeddedWalletAddress: null },
    })
    const nonce = offer.body.data.nonce as string
    const token = caller.body.token

    const wrongType = await t.call('/api/v1/passwordless_sms/transfer', { body: { nonce, phoneNumber: '+14152000015' }, token })
    expect(error(wrongType)).toEqual([400, 'invalid_data', 'Invalid transfer account type'])
    const stranger = await signIn(t.app.id, 'stranger-two@example.com')
    expect(error(await t.call('/api/v1/passwordless/transfer', { body: { nonce, email: 'moving@example.com' }, token: stranger.body.token }))).toEqual([
      400,
      'invalid_credentials',
      'Invalid or expired transfer nonce',
    ])

    const moved = await t.call('/api/v1/passwordless/transfer', { body: { nonce, email: 'moving@example.com' }, token })
    expect(moved.status).toBe(200)
    expect(moved.body.linked_accounts.map((a: { type: string }) => a.type).sort()).toEqual(['email', 'phone'])
    expect((await t.call('/api/v1/users/me', { token: other.body.token })).status).toBe(401)
    expect(error(await t.call('/api/v1/passwordless/transfer', { body: { nonce, email: 'moving@example.com' }, token }))).toEqual([
      400,
      'invalid_credentials',
      'Invalid or expired transfer nonce',
    ])
    expect((await signIn(t.app.id, 'moving@example.com')).body.user.id).toBe(caller.body.user.id)
  })

  it('unlink: 404 linked_account_not_found, 400 cannot_unlink_sole_account, else the account goes', async () => {
    const { body } = await signIn(t.app.id, 'unlinker@example.com')
    const token = body.token
    expect(error(await t.call('/api/v1/passwordless_sms/unlink', { body: { phoneNumber: '+14152000016' }, token }))).toEqual([
      404,
      'linked_account_not_found',
      'This account is not linked to the user',
    ])
    expect(error(await t.call('/api/v1/passwordless/unlink', { body: { address: 'unlinker@example.com' }, token }))).toEqual([
      400,
      'cannot_unlink_sole_account',
      'Cannot unlink the only account of a user',
    ])
    await t.call('/api/v1/passwordless_sms/init', { body: { phoneNumber: '+14152000016' }, token })
    expect(
      (await t.call('/api/v1/passwordless_sms/link', { body: { phoneNumber: '+14152000016', code: t.inbox.lastCode('+14152000016') }, token })).status,
    ).toBe(200)
    const unlinked = await t.call('/api/v1/passwordless/unlink', { body: { address: 'unlinker@example.com' }, token })
    expect(unlinked.status).toBe(200)
    expect(unlinked.body.linked_accounts).toMatchObject([{ type: 'phone', number: '+14152000016' }])
  })
})
