import { afterEach, describe, expect, it } from 'vitest'
import { createClient } from '../../client.js'
import { createMemoryStorage } from '../../session/storage.js'
import { startFakeApi, type FakeApi } from '../../test-support/api-server.js'
import { apiRoutes } from '../../test-support/fake-routes.js'
import { appConfigDto, TEST_APP_ID } from '../../test-support/fixtures.js'
import type { TesseraClient } from '../../types.js'
import { walletErrorKind } from '../errors.js'
import { fakePage } from '../test-support/fake-page.js'
import { FAKE_PAIRING_URI, fakeWalletConnectSession, type FakeWalletConnectSession } from './test-support.js'

const ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'
const PROJECT_ID = '0123456789abcdef0123456789abcdef'

let api: FakeApi | null = null
const clients: TesseraClient[] = []
afterEach(async () => {
  for (const client of clients.splice(0)) client.destroy()
  await api?.close()
})

/** A client whose app has (or lacks) a WalletConnect project id; every relay session it opens is the fake. */
async function newClient(projectId: string | null) {
  api = await startFakeApi(
    apiRoutes({ [`GET /api/v1/apps/${TEST_APP_ID}`]: () => ({ body: appConfigDto({ wallet_auth: true, wallet_connect_cloud_project_id: projectId }) }) }),
  )
  const sessions: { projectId: string; session: FakeWalletConnectSession }[] = []
  const client = createClient({
    appId: TEST_APP_ID,
    apiUrl: api.url,
    storage: createMemoryStorage(),
    locks: null,
    retryDelay: () => 1,
    walletWindow: fakePage() as unknown as Window,
    walletConnectSession: (id) => {
      const session = fakeWalletConnectSession()
      sessions.push({ projectId: id, session })
      return session
    },
  })
  clients.push(client)
  await client.ready
  client.wallets.getOptions()
  return { client, sessions }
}

const waitingUri = (client: TesseraClient) => expect.poll(() => client.wallets.getFlow().walletConnectUri).toBe(FAKE_PAIRING_URI)

describe('WalletConnect in the wallet list and the wallet flow', () => {
  it('lists wallet_connect only when the app has a project id', async () => {
    const without = await newClient(null)
    await expect.poll(() => without.client.wallets.getOptions().length).toBeGreaterThan(0)
    expect(without.client.wallets.getOptions().map((option) => option.id)).not.toContain('wallet_connect')
    await api!.close()
    api = null

    const { client } = await newClient(PROJECT_ID)
    await expect.poll(() => client.wallets.getOptions().map((option) => option.id)).toContain('wallet_connect')
    expect(client.wallets.getOptions().find((option) => option.id === 'wallet_connect')).toMatchObject({
      connectorType: 'wallet_connect',
      installed: true,
      chains: ['ethereum'],
    })
  })

  it('puts the pairing URI in the flow for the QR screen, then connects the approved account', async () => {
    const { client, sessions } = await newClient(PROJECT_ID)
    const connecting = client.wallets.connect('wallet_connect', { chainId: 8453 })
    await waitingUri(client)
    expect(client.wallets.getFlow()).toMatchObject({ status: 'connecting', connection: 'connecting', wallet: { id: 'wallet_connect' } })
    expect(sessions.map(({ projectId }) => projectId)).toEqual([PROJECT_ID])
    expect(sessions[0]!.session.pairings).toEqual([['eip155:8453', 'eip155:1']])
    sessions[0]!.session.approve([`eip155:8453:${ADDRESS}`])
    await expect(connecting).resolves.toMatchObject({
      address: ADDRESS,
      chainId: 'eip155:8453',
      walletClientType: 'wallet_connect',
      connectorType: 'wallet_connect',
    })
    expect(client.wallets.getFlow()).toMatchObject({ status: 'connected', connection: 'connected', address: ADDRESS, walletConnectUri: null })
    expect(client.wallets.getConnected().map((wallet) => wallet.address)).toEqual([ADDRESS])

    await client.wallets.disconnect(ADDRESS)
    expect(client.wallets.getConnected()).toEqual([])
    expect(sessions[0]!.session.closed).toBe(true)
  })

  it('closing the QR (reset) rejects the pairing and clears the URI', async () => {
    const { client } = await newClient(PROJECT_ID)
    const connecting = client.wallets.connect('wallet_connect')
    await waitingUri(client)
    client.wallets.reset()
    const error = await connecting.catch((caught: unknown) => caught)
    expect(walletErrorKind(error)).toBe('rejected')
    expect(client.wallets.getFlow()).toMatchObject({ status: 'initial', walletConnectUri: null, error: null })
  })

  it("shows 'Unable to retrieve address' as a retryable connection error when the wallet approves no account", async () => {
    const { client, sessions } = await newClient(PROJECT_ID)
    const connecting = client.wallets.connect('wallet_connect')
    await waitingUri(client)
    sessions[0]!.session.approve([])
    const error = await connecting.catch((caught: unknown) => caught)
    expect((error as Error).cause).toMatchObject({ message: 'Unable to retrieve address' })
    expect(client.wallets.getFlow()).toMatchObject({ status: 'error', connection: 'disconnected', retries: 1, walletConnectUri: null })
  })
})
