/**
 * Test-only: the shared client of an app over the fake API (loopback HTTP), with the wallet frame's real handlers
 * over the in-memory share server, signed in and holding an Ethereum wallet: the MFA hooks run against real gating.
 */
import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { getOrCreateClient, type TesseraClient } from '../../src/core/index.js'
import { startFakeApi, type FakeApi } from '../../src/core/test-support/api-server.js'
import { apiRoutes } from '../../src/core/test-support/fake-routes.js'
import { appConfigDto, TEST_APP_ID, TEST_OTP, userDto } from '../../src/core/test-support/fixtures.js'
import { frameOverShareServer } from '../../src/core/mfa/test-support/frame-over-share-server.js'
import { TesseraProvider } from '../index.js'

export interface MfaClientDouble {
  client: TesseraClient
  api: FakeApi
  frame: ReturnType<typeof frameOverShareServer>
  userId: string
  /** Server-renders `children` inside the provider. */
  render(children: ReactNode): string
  close(): Promise<void>
}

export async function startMfaClient(): Promise<MfaClientDouble> {
  const userId = userDto().id
  const frame = frameOverShareServer(TEST_APP_ID, userId)
  const api = await startFakeApi(
    apiRoutes({
      [`GET /api/v1/apps/${TEST_APP_ID}`]: () => ({ body: appConfigDto() }),
      'POST /api/v1/mfa/passwordless_sms/init': () => ({ body: {} }),
    }),
  )
  const client = getOrCreateClient({
    appId: TEST_APP_ID,
    apiUrl: api.url,
    // Test seams of createClient, passed through the shared registry's constructor.
    ...({ locks: null, retryDelay: () => 1, embeddedWallets: { page: {}, createFrameClient: () => frame.frame } } as object),
  })
  await client.ready
  await client.auth.email.sendCode('ada@example.com')
  await client.auth.email.loginWithCode(TEST_OTP)
  await client.embeddedWallets.create()
  return {
    client,
    api,
    frame,
    userId,
    render: (children) =>
      renderToString(
        <TesseraProvider appId={TEST_APP_ID} apiUrl={api.url}>
          {children}
        </TesseraProvider>,
      ),
    async close() {
      client.destroy()
      await api.close()
    },
  }
}
