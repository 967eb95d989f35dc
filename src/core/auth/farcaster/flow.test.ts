import { afterEach, describe, expect, it } from 'vitest'
import type { FarcasterStatusResponse, LinkedAccountDto } from '../../../protocol/index.js'
import { createTransport } from '../../api/transport.js'
import { createClient } from '../../client.js'
import type { TesseraError } from '../../errors/base-error.js'
import { createAccountChanges } from '../../session/account-changes.js'
import { createMemoryStorage } from '../../session/storage.js'
import { startFakeApi, type FakeApi, type FakeResponse } from '../../test-support/api-server.js'
import { apiRoutes } from '../../test-support/fake-routes.js'
import { authResponse, TEST_APP_ID, userDto } from '../../test-support/fixtures.js'
import type { ClientEvents, FarcasterFlowState, TesseraClient } from '../../types.js'
import { createStore } from '../../utils/store.js'
import { createFarcasterFlow } from './flow.js'
import { initialFarcasterFlowState } from './state.js'

const INIT = '/api/v1/farcaster/init'
const STATUS = '/api/v1/farcaster/status'
const AUTHENTICATE = '/api/v1/farcaster/authenticate'
const LINK = '/api/v1/farcaster/link'
const UNLINK = '/api/v1/farcaster/unlink'
const CONNECT_URI = 'https://farcaster.xyz/~/sign-in-with-farcaster?channelToken=channel-1'
const times = { verified_at: 1_700_000_000, first_verified_at: 1_700_000_000, latest_verified_at: 1_700_000_000 }
const farcasterAccount = (fid: number): LinkedAccountDto => ({
  type: 'farcaster',
  fid,
  owner_address: '0x0000000000000000000000000000000000000001',
  username: 'alice',
  ...times,
})
const completed = (fid: number): FarcasterStatusResponse => ({
  state: 'completed',
  nonce: 'n',
  message: 'signed message',
  signature: '0xsig',
  fid,
  username: 'alice',
})

let api: FakeApi | null = null
const clients: TesseraClient[] = []
afterEach(async () => {
  for (const client of clients.splice(0)) client.destroy()
  await api?.close()
  api = null
})

/** A fake API whose status answers `pending` `pendingPolls` times, then `completed`. */
async function farcasterApi(pendingPolls: number, more: Record<string, () => FakeResponse | Promise<FakeResponse>> = {}) {
  let polls = 0
  api = await startFakeApi(
    apiRoutes({
      [`POST ${INIT}`]: () => ({ body: { channel_token: 'channel-1', connect_uri: CONNECT_URI } }),
      [`GET ${STATUS}`]: () => ({ body: polls++ < pendingPolls ? { state: 'pending', nonce: 'n' } : completed(42) }),
      [`POST ${AUTHENTICATE}`]: async () => ({ body: await authResponse({ is_new_user: true, user: userDto({ linked_accounts: [farcasterAccount(42)] }) }) }),
      ...more,
    }),
  )
  return api
}

async function newClient() {
  const client = createClient({ appId: TEST_APP_ID, apiUrl: api!.url, storage: createMemoryStorage(), locks: null, retryDelay: () => 1 })
  clients.push(client)
  await client.ready
  return client
}

describe('client.farcaster', () => {
  it('opens a channel, polls the status with the channel token every 2 s, and signs in', async () => {
    await farcasterApi(1)
    const client = await newClient()
    const statuses: FarcasterFlowState['status'][] = []
    client.auth.farcaster.watchState((state) => statuses.push(state.status))
    const logins: ClientEvents['login'][] = []
    client.on('login', (event) => logins.push(event))

    const user = await client.auth.farcaster.login({ mode: 'no-signup' })
    expect(user.farcaster).toMatchObject({ fid: 42, username: 'alice' })
    expect(statuses).toEqual(['starting', 'awaiting-signature', 'authenticating', 'done'])
    expect(logins).toEqual([expect.objectContaining({ loginMethod: 'farcaster', isNewUser: true })])
    expect(client.getRecentLoginMethod()).toBe('farcaster')

    const polls = api!.calls(STATUS)
    expect(polls).toHaveLength(2)
    expect(polls.every((poll) => poll.headers['farcaster-channel-token'] === 'channel-1')).toBe(true)
    expect(polls[1]!.at - polls[0]!.at).toBeGreaterThanOrEqual(1900)
    expect(api!.calls(AUTHENTICATE)[0]!.body).toEqual({ channel_token: 'channel-1', message: 'signed message', signature: '0xsig', fid: 42, mode: 'no-signup' })
  })

  it('shows the connect URI while it waits, and reset() stops polling', async () => {
    await farcasterApi(Number.POSITIVE_INFINITY)
    const client = await newClient()
    const login = client.auth.farcaster.login()
    await new Promise<void>((resolve) => client.auth.farcaster.watchState((state) => state.status === 'awaiting-signature' && resolve()))
    expect(client.auth.farcaster.getState()).toEqual({ status: 'awaiting-signature', intent: 'login', connectUri: CONNECT_URI, error: null })
    client.auth.farcaster.reset()
    await expect(login).rejects.toMatchObject({ code: 'client_request_aborted' })
    expect(client.auth.farcaster.getState()).toEqual(initialFarcasterFlowState)
    const polled = api!.calls(STATUS).length
    await new Promise((resolve) => setTimeout(resolve, 2_200))
    expect(api!.calls(STATUS)).toHaveLength(polled)
  })

  it('links the Farcaster account of a signed-in user, and unlinks it', async () => {
    await farcasterApi(0, {
      [`POST ${LINK}`]: () => ({ body: userDto({ linked_accounts: [farcasterAccount(42), farcasterAccount(7)] }) }),
      [`POST ${UNLINK}`]: () => ({ body: userDto({ linked_accounts: [farcasterAccount(42)] }) }),
    })
    const client = await newClient()
    await expect(client.auth.farcaster.link()).rejects.toMatchObject({ code: 'must_be_authenticated' })
    await client.auth.farcaster.login()
    const links: ClientEvents['link'][] = []
    client.on('link', (event) => links.push(event))
    await client.auth.farcaster.link()
    expect(api!.calls(LINK)[0]!.headers.authorization).toMatch(/^Bearer /)
    expect(links).toEqual([expect.objectContaining({ linkMethod: 'farcaster' })])
    expect(links[0]!.linkedAccount).toMatchObject({ type: 'farcaster', fid: 42 })
    const user = await client.auth.farcaster.unlink(7)
    expect(api!.calls(UNLINK)[0]!.body).toEqual({ fid: 7 })
    expect(user.linkedAccounts).toHaveLength(1)
  })

  it('takes over an fid another user holds with the transfer the refused link offered', async () => {
    await farcasterApi(0, {
      [`POST ${LINK}`]: () => ({
        status: 400,
        body: {
          error: 'Account transfer required',
          code: 'account_transfer_required',
          data: { nonce: 'transfer-1', subject: '7', account: { displayName: '@bob' }, otherUser: { embeddedWalletAddress: null } },
        },
      }),
      'POST /api/v1/farcaster/transfer': () => ({ body: userDto({ linked_accounts: [farcasterAccount(42), farcasterAccount(7)] }) }),
    })
    const client = await newClient()
    await client.auth.farcaster.login()
    const refused = await client.auth.farcaster.link().catch((error: unknown) => error)
    const offer = client.accountTransferFrom(refused, { linkMethod: 'farcaster', account: '' })
    expect(offer).toEqual({ nonce: 'transfer-1', linkMethod: 'farcaster', account: '7', displayName: '@bob', embeddedWalletAddress: null })
    const links: ClientEvents['link'][] = []
    client.on('link', (event) => links.push(event))
    await client.transferAccount(offer!)
    expect(api!.calls('/api/v1/farcaster/transfer')[0]!.body).toEqual({ nonce: 'transfer-1', farcaster_id: 7 })
    expect(links[0]!.linkedAccount).toMatchObject({ type: 'farcaster', fid: 7 })
  })

  it('refuses to sign in twice', async () => {
    await farcasterApi(0)
    const client = await newClient()
    await client.auth.farcaster.login()
    await expect(client.auth.farcaster.login()).rejects.toMatchObject({ code: 'already_logged_in' })
    expect(client.auth.farcaster.getState().status).toBe('error')
  })
})

describe('createFarcasterFlow', () => {
  it('gives up after the time limit with a retryable "The request timed out. Try again."', async () => {
    await farcasterApi(Number.POSITIVE_INFINITY)
    const state = createStore(initialFarcasterFlowState)
    const transport = createTransport({ apiUrl: api!.url, appId: TEST_APP_ID })
    const opened: string[] = []
    const flow = createFarcasterFlow({
      state,
      transport,
      isAuthenticated: () => false,
      authenticate: async () => {
        throw new Error('unreachable')
      },
      accountChanges: createAccountChanges(
        () => {
          throw new Error('unreachable')
        },
        () => {},
      ),
      pollIntervalMs: 20,
      timeoutMs: 100,
      openConnectUri: (uri) => opened.push(uri),
    })
    const error = await flow.login().then(
      () => null,
      (caught: TesseraError) => caught,
    )
    expect(error).toMatchObject({ code: 'client_request_timeout', shortMessage: 'The request timed out. Try again.', retryable: true })
    expect(state.get()).toMatchObject({ status: 'error', error })
    expect(opened).toEqual([CONNECT_URI])
    expect(api!.calls(STATUS).length).toBeGreaterThanOrEqual(2)
  })

  it("passes a refused signature on as the server's invalid_credentials", async () => {
    await farcasterApi(0, {
      [`POST ${AUTHENTICATE}`]: () => ({ status: 400, body: { error: "The message is not signed by the fid's custody address", code: 'invalid_credentials' } }),
    })
    const client = await newClient()
    await expect(client.auth.farcaster.login()).rejects.toMatchObject({ code: 'invalid_credentials' })
    expect(client.auth.farcaster.getState().error).toMatchObject({ code: 'invalid_credentials' })
  })
})
