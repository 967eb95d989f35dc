/** Clients of a fake API whose app has wallet login on, over in-process pages: what the external-wallet tests share. */
import type { AppConfigDto } from '../../../protocol/index.js'
import type { ClientInternals } from '../../client-internals.js'
import { createClient } from '../../client.js'
import { createMemoryStorage } from '../../session/storage.js'
import { startFakeApi, type FakeApi } from '../../test-support/api-server.js'
import { apiRoutes } from '../../test-support/fake-routes.js'
import { appConfigDto, TEST_APP_ID } from '../../test-support/fixtures.js'
import type { ClientOptions, TesseraClient } from '../../types.js'
import type { FakePage } from './fake-page.js'

export interface WalletsTestbed {
  api: FakeApi
  /** A ready client discovering wallets in `page`; destroyed by `close()`. */
  newClient(page: FakePage, options?: Partial<ClientOptions & ClientInternals>): Promise<TesseraClient>
  close(): Promise<void>
}

export async function startWalletsTestbed(config: Partial<AppConfigDto> = {}): Promise<WalletsTestbed> {
  const api = await startFakeApi(
    apiRoutes({ [`GET /api/v1/apps/${TEST_APP_ID}`]: () => ({ body: appConfigDto({ wallet_auth: true, solana_wallet_auth: true, ...config }) }) }),
  )
  const clients: TesseraClient[] = []
  return {
    api,
    async newClient(page, options = {}) {
      const client = createClient({
        appId: TEST_APP_ID,
        apiUrl: api.url,
        storage: createMemoryStorage(),
        locks: null,
        retryDelay: () => 1,
        walletWindow: page as unknown as Window,
        ...options,
      })
      clients.push(client)
      await client.ready
      return client
    },
    async close() {
      for (const client of clients.splice(0)) client.destroy()
      await api.close()
    },
  }
}
