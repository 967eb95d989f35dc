/** A real client over the fake API (loopback HTTP) with the stand-in wallet frame, for embedded-wallet tests. */
import type { AppConfigDto, EmbeddedWalletConfigDto } from '../../../../protocol/index.js'
import { createClient } from '../../../client.js'
import { createMemoryStorage } from '../../../session/storage.js'
import { startFakeApi, type FakeApi } from '../../../test-support/api-server.js'
import { apiRoutes } from '../../../test-support/fake-routes.js'
import { appConfigDto, authResponse, TEST_APP_ID, TEST_OTP, userDto } from '../../../test-support/fixtures.js'
import type { TesseraClient, TokenStorage } from '../../../types.js'
import type { FramePage } from '../frame-client.js'
import { createFakeFrame, type FakeFrame } from './fake-frame.js'

export type CreateOnLoginSettings = Partial<
  Pick<EmbeddedWalletConfigDto, 'create_on_login' | 'ethereum' | 'solana' | 'require_user_password_on_create' | 'announce_wallets_enabled'>
>

export interface EmbeddedTestbed {
  api: FakeApi
  frame: FakeFrame
  storage: TokenStorage
  /** `cloudAccessToken`: the cloud provider's token leg (default none: cloud methods unsupported). */
  newClient(options?: { storage?: TokenStorage; cloudAccessToken?: () => Promise<string> }): TesseraClient
  login(client: TesseraClient): Promise<void>
  close(): Promise<void>
}

export async function startEmbeddedTestbed(
  options: { embedded?: CreateOnLoginSettings; config?: Partial<AppConfigDto>; serverManaged?: boolean } = {},
): Promise<EmbeddedTestbed> {
  const base = appConfigDto()
  const config = appConfigDto({ ...options.config, embedded_wallet_config: { ...base.embedded_wallet_config, ...options.embedded } })
  const frame = createFakeFrame({ baseUser: () => userDto(), serverManaged: options.serverManaged ?? false })
  const api = await startFakeApi(
    apiRoutes({
      [`GET /api/v1/apps/${TEST_APP_ID}`]: () => ({ body: config }),
      // A restored session gets the user with the wallets the frame created.
      'POST /api/v1/sessions': async () => ({ body: await authResponse({ user: frame.user() }) }),
      'GET /api/v1/users/me': () => ({ body: { user: frame.user(), identity_token: null } }),
      // A login too, as the server would: signing in again on a device finds the wallets made before.
      'POST /api/v1/passwordless/authenticate': async () => ({ body: await authResponse({ user: frame.user() }) }),
    }),
  )
  const storage = createMemoryStorage()
  const clients: TesseraClient[] = []
  return {
    api,
    frame,
    storage,
    newClient(clientOptions = {}) {
      const client = createClient({
        appId: TEST_APP_ID,
        apiUrl: api.url,
        storage: clientOptions.storage ?? storage,
        locks: null,
        retryDelay: () => 1,
        embeddedWallets: {
          page: {} as FramePage,
          createFrameClient: () => frame,
          userRecoveryTimeoutMs: 2_000,
          ...(clientOptions.cloudAccessToken && { cloudAccessToken: clientOptions.cloudAccessToken }),
        },
      })
      clients.push(client)
      return client
    },
    async login(client) {
      await client.ready
      await client.auth.email.sendCode('ada@example.com')
      await client.auth.email.loginWithCode(TEST_OTP)
    },
    async close() {
      for (const client of clients.splice(0)) client.destroy()
      await api.close()
    },
  }
}

/** Resolves once the client's embedded-wallet state satisfies `condition`. */
export function embeddedStateWhere(client: TesseraClient, condition: (state: ReturnType<TesseraClient['embeddedWallets']['getState']>) => boolean) {
  return new Promise<ReturnType<TesseraClient['embeddedWallets']['getState']>>((resolve) => {
    if (condition(client.embeddedWallets.getState())) return resolve(client.embeddedWallets.getState())
    const stop = client.embeddedWallets.watchState((state) => {
      if (!condition(state)) return
      stop()
      resolve(state)
    })
  })
}
