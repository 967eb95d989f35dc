/**
 * Test-only: a real client (fake API, stand-in wallet frame) of an app that creates Solana wallets on login and
 * announces them, on a fake page (the global window), as the shared client of TEST_APP_ID for the React provider.
 */
import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { onTestFinished } from 'vitest'
import type { TesseraClient } from '../../src/core/index.js'
import { TEST_APP_ID } from '../../src/core/test-support/fixtures.js'
import { startEmbeddedTestbed, type EmbeddedTestbed } from '../../src/core/wallets/embedded/test-support/embedded-client.js'
import { fakePage } from '../../src/core/wallets/test-support/fake-page.js'
import { TesseraProvider } from '../index.js'

export interface AnnouncedClient {
  testbed: EmbeddedTestbed
  client: TesseraClient
  /** Server-renders `children` inside the provider of the client. */
  render(children: ReactNode): void
}

export async function announcedClient(): Promise<AnnouncedClient> {
  fakePage()
  const testbed = await startEmbeddedTestbed({
    embedded: { solana: { create_on_login: 'all-users' }, announce_wallets_enabled: true },
    config: { solana_wallet_auth: true },
  })
  const client = testbed.newClient()
  const registry = ((globalThis as Record<symbol, Map<string, TesseraClient>>)[Symbol.for('tessera.client')] ??= new Map())
  registry.set(TEST_APP_ID, client)
  onTestFinished(async () => {
    registry.delete(TEST_APP_ID)
    await testbed.close()
  })
  return {
    testbed,
    client,
    render: (children) =>
      void renderToString(
        <TesseraProvider appId={TEST_APP_ID} apiUrl={testbed.api.url}>
          {children}
        </TesseraProvider>,
      ),
  }
}
