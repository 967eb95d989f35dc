import { renderToString } from 'react-dom/server'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createMemoryStorage, getOrCreateClient, type TesseraClient } from '../../src/core/index.js'
import { startFakeApi, type FakeApi } from '../../src/core/test-support/api-server.js'
import { apiRoutes } from '../../src/core/test-support/fake-routes.js'
import { appConfigDto, TEST_APP_ID } from '../../src/core/test-support/fixtures.js'
import { TesseraProvider } from '../index.js'
import { SmartWalletsProvider, useSmartWallets, type SmartWalletsInterface } from './index.js'

let api: FakeApi
let client: TesseraClient | null = null

beforeEach(async () => {
  api = await startFakeApi(
    apiRoutes({
      [`GET /api/v1/apps/${TEST_APP_ID}`]: () => ({ body: appConfigDto() }),
      [`GET /api/v1/apps/${TEST_APP_ID}/smart_wallets`]: () => ({ body: { enabled: false } }),
    }),
  )
  client = getOrCreateClient({ appId: TEST_APP_ID, apiUrl: api.url, storage: createMemoryStorage() })
  await client.ready
})
afterEach(async () => {
  client?.destroy()
  await api.close()
})

function render(): SmartWalletsInterface {
  let hook: SmartWalletsInterface | null = null
  function Probe() {
    hook = useSmartWallets()
    return null
  }
  renderToString(
    <TesseraProvider appId={TEST_APP_ID} apiUrl={api.url}>
      <SmartWalletsProvider>
        <Probe />
      </SmartWalletsProvider>
    </TesseraProvider>,
  )
  return hook!
}

describe('SmartWalletsProvider and useSmartWallets', () => {
  it('give no client while signed out, and getClientForChain says the user has no embedded wallet to own one', async () => {
    const smartWallets = render()
    expect(smartWallets.client).toBeUndefined()
    await expect(smartWallets.getClientForChain({ id: 31337 })).rejects.toMatchObject({ code: 'embedded_wallet_not_found' })
  })

  it('refuses to be used outside SmartWalletsProvider', () => {
    function Outside() {
      useSmartWallets()
      return null
    }
    expect(() =>
      renderToString(
        <TesseraProvider appId={TEST_APP_ID} apiUrl={api.url}>
          <Outside />
        </TesseraProvider>,
      ),
    ).toThrow('useSmartWallets must be used inside SmartWalletsProvider')
  })
})
