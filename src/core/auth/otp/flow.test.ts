import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createClient } from '../../client.js'
import { createMemoryStorage } from '../../session/storage.js'
import { startFakeApi, type FakeApi } from '../../test-support/api-server.js'
import { apiRoutes } from '../../test-support/fake-routes.js'
import { TEST_APP_ID } from '../../test-support/fixtures.js'
import type { ClientEvents, OtpFlowState, TesseraClient } from '../../types.js'
import type { User } from '../../user/types.js'

/** The link, update and unlink intents, the same for both channels of the one flow. */
const channels = [
  {
    method: 'email' as const,
    flow: (client: TesseraClient) => client.auth.email,
    state: (client: TesseraClient) => client.auth.email.getState(),
    routes: '/api/v1/passwordless',
    typed: ' grace@example.com ',
    identifier: 'grace@example.com',
    replacement: 'grace.hopper@example.com',
    linkBody: (identifier: string) => ({ email: identifier, code: '123456' }),
    updateBody: (old: string, next: string) => ({ oldAddress: old, newAddress: next, code: '123456' }),
    unlinkBody: (identifier: string) => ({ address: identifier }),
    accountOf: (user: User) => user.email?.address,
    // Signed in by SMS, so the email is the one being linked.
    signIn: async (client: TesseraClient) => {
      await client.auth.sms.sendCode('+1 415 555 2671')
      return client.auth.sms.loginWithCode('123456')
    },
  },
  {
    method: 'sms' as const,
    flow: (client: TesseraClient) => client.auth.sms,
    state: (client: TesseraClient) => client.auth.sms.getState(),
    routes: '/api/v1/passwordless_sms',
    typed: '(202) 555-0123',
    identifier: '+12025550123',
    replacement: '+14155552671',
    linkBody: (identifier: string) => ({ phoneNumber: identifier, code: '123456' }),
    updateBody: (old: string, next: string) => ({ old_phone_number: old, new_phone_number: next, code: '123456' }),
    unlinkBody: (identifier: string) => ({ phoneNumber: identifier }),
    accountOf: (user: User) => user.phone?.number,
    signIn: async (client: TesseraClient) => {
      await client.auth.email.sendCode('ada@example.com')
      return client.auth.email.loginWithCode('123456')
    },
  },
]

let api: FakeApi
let client: TesseraClient
beforeEach(async () => {
  api = await startFakeApi(apiRoutes())
  client = createClient({ appId: TEST_APP_ID, apiUrl: api.url, storage: createMemoryStorage(), locks: null, retryDelay: () => 1 })
  await client.ready
})
afterEach(async () => {
  client.destroy()
  await api.close()
})

describe.each(channels)('$method flow intents', (channel) => {
  const path = (route: string) => `${channel.routes}/${route}`
  const events = () => {
    const seen: { link: ClientEvents['link'][]; update: ClientEvents['update'][]; unlink: ClientEvents['unlink'][] } = { link: [], update: [], unlink: [] }
    client.on('link', (event) => seen.link.push(event))
    client.on('update', (event) => seen.update.push(event))
    client.on('unlink', (event) => seen.unlink.push(event))
    return seen
  }
  const link = async () => {
    await channel.flow(client).sendCode(channel.typed, { intent: 'link' })
    return channel.flow(client).submitCode('123456')
  }

  it('refuses link and update when signed out, and login when signed in', async () => {
    for (const intent of ['link', 'update'] as const) {
      await expect(channel.flow(client).sendCode(channel.typed, { intent, previousIdentifier: channel.replacement })).rejects.toMatchObject({
        code: 'must_be_authenticated',
        shortMessage: 'User must be authenticated',
      })
    }
    await expect(channel.flow(client).unlink(channel.identifier)).rejects.toMatchObject({ code: 'must_be_authenticated' })
    await channel.signIn(client)
    await expect(channel.flow(client).sendCode(channel.typed)).rejects.toMatchObject({ code: 'already_logged_in' })
    expect(api.calls(path('init'))).toHaveLength(0)
  })

  it('links with a code bound to the signed-in user, updates the user in auth state and emits link', async () => {
    const signedIn = await channel.signIn(client)
    const seen = events()
    await channel.flow(client).sendCode(channel.typed, { intent: 'link' })
    expect(channel.state(client)).toMatchObject({ status: 'awaiting-code-input', intent: 'link', identifier: channel.identifier })
    expect(api.calls(path('init'))[0]!.headers.authorization).toMatch(/^Bearer .+/)

    const user = await channel.flow(client).submitCode('123456')
    expect(api.calls(path('link'))[0]!.body).toEqual(channel.linkBody(channel.identifier))
    expect(api.calls(path('link'))[0]!.headers.authorization).toMatch(/^Bearer .+/)
    expect(channel.accountOf(user)).toBe(channel.identifier)
    expect(user.linkedAccounts).toHaveLength(signedIn.linkedAccounts.length + 1)
    expect(client.getAuth()).toEqual({ status: 'authenticated', user })
    expect(channel.state(client).status).toBe('done')
    const linked = user.linkedAccounts.find((account) => account.type === (channel.method === 'sms' ? 'phone' : 'email'))
    expect(seen.link).toEqual([{ user, linkMethod: channel.method, linkedAccount: linked }])
    // A link is not a login: no new session, no new recent method.
    expect(client.getRecentLoginMethod()).not.toBe(channel.method)
  })

  it('keeps the user and reports a wrong code or a refused link', async () => {
    const signedIn = await channel.signIn(client)
    await channel.flow(client).sendCode(channel.typed, { intent: 'link' })
    await expect(channel.flow(client).submitCode('000000')).rejects.toMatchObject({ code: 'invalid_credentials' })
    expect(channel.state(client)).toMatchObject({ status: 'error', intent: 'link', error: { code: 'invalid_credentials' } })
    expect(client.getAuth().user).toBe(signedIn)

    await channel.flow(client).submitCode('123456')
    await channel.flow(client).sendCode(channel.replacement, { intent: 'link' })
    await expect(channel.flow(client).submitCode('123456')).rejects.toMatchObject({
      code: 'cannot_link_more_of_type',
      shortMessage: `User already has an account of type ${channel.method === 'sms' ? 'phone' : 'email'} linked.`,
    })
  })

  it('updates the address or number the user has and emits update', async () => {
    await channel.signIn(client)
    await link()
    const seen = events()
    await expect(channel.flow(client).sendCode(channel.replacement, { intent: 'update' })).rejects.toMatchObject({ code: 'invalid_data' })
    await channel.flow(client).sendCode(channel.replacement, { intent: 'update', previousIdentifier: channel.typed })
    expect(channel.state(client)).toMatchObject({ intent: 'update', identifier: channel.replacement, previousIdentifier: channel.identifier })
    const user = await channel.flow(client).submitCode('123456')
    expect(api.calls(path('update'))[0]!.body).toEqual(channel.updateBody(channel.identifier, channel.replacement))
    expect(channel.accountOf(user)).toBe(channel.replacement)
    expect(client.getAuth().user).toBe(user)
    expect(seen.update).toEqual([{ user, updateMethod: channel.method }])
    expect(seen.link).toEqual([])
  })

  it('unlinks, updating the user in auth state, and refuses to unlink the only account', async () => {
    await channel.signIn(client)
    await link()
    const seen = events()
    const user = await channel.flow(client).unlink(channel.typed)
    expect(api.calls(path('unlink'))[0]!.body).toEqual(channel.unlinkBody(channel.identifier))
    expect(channel.accountOf(user)).toBeUndefined()
    expect(client.getAuth()).toEqual({ status: 'authenticated', user })
    expect(seen.unlink).toEqual([{ user, unlinkMethod: channel.method }])

    await expect(channel.flow(client).unlink(channel.identifier)).rejects.toMatchObject({ code: 'linked_account_not_found' })
    const other = channel === channels[0] ? client.auth.sms.unlink('+14155552671') : client.auth.email.unlink('ada@example.com')
    await expect(other).rejects.toMatchObject({ code: 'cannot_unlink_sole_account' })
  })

  it('lets the state follow a session that ended before the code was submitted', async () => {
    await channel.signIn(client)
    await channel.flow(client).sendCode(channel.typed, { intent: 'link' })
    await client.logout()
    await expect(channel.flow(client).submitCode('123456')).rejects.toMatchObject({ code: 'must_be_authenticated' })
    expect(channel.state(client)).toMatchObject<Partial<OtpFlowState>>({ status: 'error' })
    expect(api.calls(path('link'))).toHaveLength(0)
  })
})

describe('email and sms share one flow implementation over separate state', () => {
  it('keeps each flow in its own store', async () => {
    await client.auth.email.sendCode('ada@example.com')
    await client.auth.sms.sendCode('+1 415 555 2671')
    expect(client.auth.email.getState()).toMatchObject({ status: 'awaiting-code-input', identifier: 'ada@example.com' })
    expect(client.auth.sms.getState()).toMatchObject({ status: 'awaiting-code-input', identifier: '+14155552671' })
    client.auth.email.reset()
    expect(client.auth.sms.getState().status).toBe('awaiting-code-input')
  })
})
