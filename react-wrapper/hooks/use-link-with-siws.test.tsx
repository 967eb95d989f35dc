import { renderToString } from 'react-dom/server'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { LinkedAccountDto } from '../../src/protocol/index.js'
import { createMemoryStorage, getOrCreateClient, type TesseraClient } from '../../src/core/index.js'
import { startFakeApi, type FakeApi } from '../../src/core/test-support/api-server.js'
import { apiRoutes } from '../../src/core/test-support/fake-routes.js'
import { appConfigDto, TEST_APP_ID, TEST_OTP, userDto } from '../../src/core/test-support/fixtures.js'
import { TesseraProvider, useLinkWithSiws, type LinkedSiws, type UseLinkWithSiwsResult } from '../index.js'

const address = '7EYnhQoR9YM3N7UoaKRoA44Uy8JeaZV3qyouov87awMs'
const at = 1_700_000_000
const solanaWallet: LinkedAccountDto = {
  type: 'wallet',
  address,
  chain_type: 'solana',
  imported: false,
  delegated: false,
  verified_at: at,
  first_verified_at: at,
  latest_verified_at: at,
}
let api: FakeApi
let client: TesseraClient | null = null

beforeEach(async () => {
  api = await startFakeApi(
    apiRoutes({
      [`GET /api/v1/apps/${TEST_APP_ID}`]: () => ({ body: appConfigDto({ solana_wallet_auth: true }) }),
      'POST /api/v1/siws/init': () => ({ body: { nonce: 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6' } }),
      'POST /api/v1/siws/link': () => ({ body: userDto({ linked_accounts: [...userDto().linked_accounts, solanaWallet] }) }),
    }),
  )
  client = getOrCreateClient({ appId: TEST_APP_ID, apiUrl: api.url, storage: createMemoryStorage() })
  await client.ready
})
afterEach(async () => {
  client?.destroy()
  await api.close()
})

describe('useLinkWithSiws', () => {
  it("links the app's Solana wallet to the signed-in user through /siws/link, answering the user and the linked account", async () => {
    let hook: UseLinkWithSiwsResult | null = null
    const successes: LinkedSiws[] = []
    function Probe() {
      hook = useLinkWithSiws({ onSuccess: (detail) => void successes.push(detail) })
      return null
    }
    renderToString(
      <TesseraProvider appId={TEST_APP_ID} apiUrl={api.url}>
        <Probe />
      </TesseraProvider>,
    )
    await client!.auth.email.sendCode('ada@example.com')
    await client!.auth.email.loginWithCode(TEST_OTP)

    const message = await hook!.generateSiwsMessage({ address })
    expect(message).toContain(address)
    expect(message).toContain('a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6')
    const linked = await hook!.linkWithSiws({ message: message!, signature: 'c2lnbmF0dXJl', walletClientType: 'phantom', connectorType: 'solana_adapter' })
    expect(linked!.linkedAccount).toMatchObject({ type: 'wallet', address, chainType: 'solana' })
    expect(linked!.user.linkedAccounts).toContainEqual(expect.objectContaining({ address }))
    expect(successes).toEqual([linked])
    const [request] = api.calls('/api/v1/siws/link')
    expect(request!.body).toMatchObject({ message, signature: 'c2lnbmF0dXJl', walletClientType: 'phantom', connectorType: 'solana_adapter' })
    expect(api.calls('/api/v1/siws/authenticate')).toHaveLength(0)
  })
})
