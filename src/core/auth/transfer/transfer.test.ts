import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { AccountTransferErrorData, ApiErrorBody } from '../../../protocol/index.js'
import { createClient } from '../../client.js'
import { TesseraError } from '../../errors/base-error.js'
import { fromApiResponse } from '../../errors/from-api-response.js'
import { createMemoryStorage } from '../../session/storage.js'
import { startFakeApi, type FakeApi } from '../../test-support/api-server.js'
import { apiRoutes } from '../../test-support/fake-routes.js'
import { TEST_APP_ID, TEST_TRANSFER_NONCE, userDto } from '../../test-support/fixtures.js'
import type { AccountTransfer, ClientEvents, TesseraClient } from '../../types.js'
import { accountTransferFrom } from './account-transfer-from.js'

const transferData = (extra: Partial<AccountTransferErrorData> = {}): AccountTransferErrorData => ({
  nonce: TEST_TRANSFER_NONCE,
  account: { displayName: '+1 202-555-0123' },
  otherUser: { embeddedWalletAddress: null },
  ...extra,
})
const transferRequired = (data: AccountTransferErrorData): ApiErrorBody => ({
  error: 'This account is linked to another user and can be transferred',
  code: 'account_transfer_required',
  data: data as unknown as Record<string, unknown>,
})

describe('accountTransferFrom', () => {
  it('reads the nonce, display name and other wallet from the error body', () => {
    const error = fromApiResponse(400, transferRequired(transferData({ otherUser: { embeddedWalletAddress: '0xabc' } })))
    expect(accountTransferFrom(error, { linkMethod: 'sms', account: '+12025550123' })).toEqual({
      nonce: TEST_TRANSFER_NONCE,
      linkMethod: 'sms',
      account: '+12025550123',
      displayName: '+1 202-555-0123',
      embeddedWalletAddress: '0xabc',
    })
  })

  it('takes an OAuth subject from the error', () => {
    const error = fromApiResponse(400, transferRequired(transferData({ subject: 'google-sub-1', account: { displayName: 'grace@gmail.com' } })))
    expect(accountTransferFrom(error, { linkMethod: 'google', account: '' })).toMatchObject({ account: 'google-sub-1', displayName: 'grace@gmail.com' })
  })

  it('is null for any other error, a missing nonce or something that is not an error', () => {
    const context = { linkMethod: 'email', account: 'a@b.co' } as const
    expect(accountTransferFrom(fromApiResponse(400, { error: 'Linked', code: 'linked_to_another_user' }), context)).toBeNull()
    expect(accountTransferFrom(fromApiResponse(400, { error: 'x', code: 'account_transfer_required' }), context)).toBeNull()
    expect(accountTransferFrom(new TesseraError({ code: 'account_transfer_required', shortMessage: 'x', data: { nonce: 42 } }), context)).toBeNull()
    expect(accountTransferFrom(new Error('account_transfer_required'), context)).toBeNull()
    expect(accountTransferFrom(null, context)).toBeNull()
  })
})

describe('transferAccount', () => {
  let api: FakeApi
  let client: TesseraClient
  let links: ClientEvents['link'][]
  beforeEach(async () => {
    api = await startFakeApi(apiRoutes())
    client = createClient({ appId: TEST_APP_ID, apiUrl: api.url, storage: createMemoryStorage(), locks: null, retryDelay: () => 1 })
    await client.ready
    links = []
    client.on('link', (event) => links.push(event))
  })
  afterEach(async () => {
    client.destroy()
    await api.close()
  })
  const signIn = async () => {
    await client.auth.email.sendCode('ada@example.com')
    return client.auth.email.loginWithCode('123456')
  }

  it('moves a phone number after a link answered account_transfer_required', async () => {
    const routes = apiRoutes()
    let offered = false
    api.handle((request) => {
      // The first link attempt finds the number on another user.
      if (request.path === '/api/v1/passwordless_sms/link' && !offered) {
        offered = true
        return { status: 400, body: transferRequired(transferData()) }
      }
      return routes(request)
    })
    await signIn()
    await client.auth.sms.sendCode('(202) 555-0123', { intent: 'link' })
    await expect(client.auth.sms.submitCode('123456')).rejects.toMatchObject({ code: 'account_transfer_required' })

    const transfer = client.accountTransferFrom(client.auth.sms.getState().error, { linkMethod: 'sms', account: client.auth.sms.getState().identifier! })
    expect(transfer).toMatchObject({ nonce: TEST_TRANSFER_NONCE, account: '+12025550123' })
    const user = await client.transferAccount(transfer!)
    const [call] = api.calls('/api/v1/passwordless_sms/transfer')
    expect(call!.body).toEqual({ nonce: TEST_TRANSFER_NONCE, phoneNumber: '+12025550123' })
    expect(call!.headers.authorization).toMatch(/^Bearer .+/)
    expect(user.phone?.number).toBe('+12025550123')
    expect(client.getAuth().user).toBe(user)
    expect(links).toEqual([{ user, linkMethod: 'sms', linkedAccount: user.phone }])
  })

  it('posts an email transfer with the address and an OAuth transfer with the nonce only', async () => {
    const google = {
      type: 'google_oauth',
      subject: 'google-sub-1',
      email: 'grace@gmail.com',
      name: null,
      verified_at: 1,
      first_verified_at: 1,
      latest_verified_at: 1,
    } as const
    api.handle(apiRoutes({ 'POST /api/v1/oauth/transfer': () => ({ body: userDto({ linked_accounts: [...userDto().linked_accounts, google] }) }) }))
    await signIn()
    const base = { nonce: TEST_TRANSFER_NONCE, displayName: 'x', embeddedWalletAddress: null }

    await expect(client.transferAccount({ ...base, linkMethod: 'email', account: 'grace@example.com' })).rejects.toMatchObject({
      code: 'cannot_link_more_of_type',
    })
    expect(api.calls('/api/v1/passwordless/transfer')[0]!.body).toEqual({ nonce: TEST_TRANSFER_NONCE, email: 'grace@example.com' })

    const user = await client.transferAccount({ ...base, linkMethod: 'google', account: 'google-sub-1' })
    expect(api.calls('/api/v1/oauth/transfer')[0]!.body).toEqual({ nonce: TEST_TRANSFER_NONCE })
    expect(links).toEqual([{ user, linkMethod: 'google', linkedAccount: user.google }])
    expect(user.google?.subject).toBe('google-sub-1')
  })

  it('posts a Telegram transfer with the nonce only and a wallet transfer to its chain with the address', async () => {
    const wallet = {
      type: 'wallet',
      address: '0xAbC0000000000000000000000000000000000001',
      chain_type: 'ethereum',
      verified_at: 1,
      first_verified_at: 1,
      latest_verified_at: 1,
    } as const
    const withWallet = () => ({ body: userDto({ linked_accounts: [...userDto().linked_accounts, wallet] }) })
    api.handle(apiRoutes({ 'POST /api/v1/telegram/transfer': () => ({ body: userDto() }), 'POST /api/v1/siwe/transfer': withWallet }))
    await signIn()
    const base = { nonce: TEST_TRANSFER_NONCE, displayName: 'x', embeddedWalletAddress: null }

    await client.transferAccount({ ...base, linkMethod: 'telegram', account: '' })
    expect(api.calls('/api/v1/telegram/transfer')[0]!.body).toEqual({ nonce: TEST_TRANSFER_NONCE })

    const user = await client.transferAccount({ ...base, linkMethod: 'siwe', account: wallet.address })
    expect(api.calls('/api/v1/siwe/transfer')[0]!.body).toEqual({ nonce: TEST_TRANSFER_NONCE, address: wallet.address })
    expect(links.at(-1)).toMatchObject({ linkMethod: 'siwe', linkedAccount: { type: 'wallet', address: wallet.address } })
    expect(user.linkedAccounts).toContainEqual(expect.objectContaining({ type: 'wallet', address: wallet.address }))
  })

  it('posts a Farcaster transfer with the fid as a number and a Solana wallet transfer to SIWS with the address', async () => {
    api.handle(apiRoutes({ 'POST /api/v1/farcaster/transfer': () => ({ body: userDto() }), 'POST /api/v1/siws/transfer': () => ({ body: userDto() }) }))
    await signIn()
    const base = { nonce: TEST_TRANSFER_NONCE, displayName: 'x', embeddedWalletAddress: null }

    await client.transferAccount({ ...base, linkMethod: 'farcaster', account: '4021' })
    expect(api.calls('/api/v1/farcaster/transfer')[0]!.body).toEqual({ nonce: TEST_TRANSFER_NONCE, farcaster_id: 4021 })

    const address = '5KdHJ6Yn3fJ4CQZK5nB8Qm6Yk2qkqD3S1c2gM6c1sCkq'
    await client.transferAccount({ ...base, linkMethod: 'siws', account: address })
    expect(api.calls('/api/v1/siws/transfer')[0]!.body).toEqual({ nonce: TEST_TRANSFER_NONCE, address })
    expect(api.calls('/api/v1/siwe/transfer')).toHaveLength(0)
  })

  it('refuses when signed out, for a type without transfer, and reports a spent nonce', async () => {
    const transfer: AccountTransfer = { nonce: 'spent', linkMethod: 'sms', account: '+12025550123', displayName: 'x', embeddedWalletAddress: null }
    await expect(client.transferAccount(transfer)).rejects.toMatchObject({ code: 'must_be_authenticated' })
    await signIn()
    await expect(client.transferAccount({ ...transfer, linkMethod: 'guest' as AccountTransfer['linkMethod'] })).rejects.toMatchObject({
      shortMessage: 'Invalid transfer account type',
    })
    await expect(client.transferAccount(transfer)).rejects.toMatchObject({ code: 'invalid_credentials' })
    expect(links).toEqual([])
    expect(api.requests.filter((request) => request.path.endsWith('/transfer'))).toHaveLength(1)
  })
})
