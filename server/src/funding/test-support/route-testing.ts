import type { IncomingHttpHeaders } from 'node:http'
import { expect } from 'vitest'
import type { FundingSettings } from '../../apps/types.js'
import type { TestServer } from '../../test-support/test-server.js'
import { addLinkedAccount } from '../../users/store.js'
import { readText, startLocalServer } from './http.js'

/** One request a provider test server received. */
export interface ProviderRequest {
  method: string
  path: string
  query: URLSearchParams
  headers: IncomingHttpHeaders
  body: string
}
export interface ProviderAnswer {
  status: number
  body?: unknown
  text?: string
}

/** A local HTTP server a test answers as a provider would, recording what the adapter sent. */
export interface ProviderTestServer {
  url: string
  requests: ProviderRequest[]
  close(): Promise<void>
}

export async function startProviderTestServer(answer: (request: ProviderRequest) => ProviderAnswer | Promise<ProviderAnswer>): Promise<ProviderTestServer> {
  const requests: ProviderRequest[] = []
  const server = await startLocalServer(async (incoming, outgoing, url) => {
    const request = { method: incoming.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: incoming.headers, body: await readText(incoming) }
    requests.push(request)
    const reply = await answer(request)
    outgoing.writeHead(reply.status, { 'content-type': 'application/json' }).end(reply.text ?? JSON.stringify(reply.body ?? {}))
  })
  return { url: server.url, requests, close: server.close }
}

/** A signed-in funding test user with a wallet of theirs linked (as an embedded wallet would be). */
export interface FundingTestUser {
  token: string
  userId: string
}

let users = 0
export async function signInWithWallets(
  t: TestServer,
  wallets: { address: string; chainType: 'ethereum' | 'solana' }[],
  appId = t.app.id,
): Promise<FundingTestUser> {
  const login = await t.login(`funding-${++users}-${Date.now()}@example.com`, appId)
  expect(login.status).toBe(200)
  const userId = login.body.user.id as string
  for (const wallet of wallets) {
    await addLinkedAccount(t.db, appId, userId, 'wallet', wallet.address, t.clock.now(), {
      chain_type: wallet.chainType,
      wallet_client_type: 'privy',
      connector_type: 'embedded',
    })
  }
  return { token: login.body.token, userId }
}

/** What the funding tests' apps recommend: every method on, bridging on, the first anvil's native currency. */
export const everyFundingMethod = {
  methods: ['coinbase-onramp', 'moonpay', 'external'],
  defaultRecommendedCurrency: { chain: 'eip155:31337', asset: 'native-currency' },
  defaultRecommendedAmount: '0.01',
  promptFundingOnWalletCreation: false,
  crossChainBridgingEnabled: true,
} satisfies Partial<FundingSettings>

/** Funding settings for route tests: every method on, each provider at the given local test server. */
export function testFundingSettings(urls: { coinbase: string; moonpay: string; relay: string }, secrets: { cdpKey: string }): FundingSettings {
  return {
    ...everyFundingMethod,
    coinbaseOnramp: {
      projectId: 'cdp-project-1',
      apiKeyName: 'organizations/org-1/apiKeys/key-1',
      apiKeySecret: secrets.cdpKey,
      apiUrl: `${urls.coinbase}/onramp`,
      payUrl: urls.coinbase,
      sandbox: false,
      webhookSecret: null,
    },
    moonpay: {
      publishableKey: 'pk_live_tessera',
      secretKey: 'sk_live_tessera_secret',
      sandbox: null,
      widgetUrl: `${urls.moonpay}/widget`,
      sandboxWidgetUrl: `${urls.moonpay}/sandbox-widget`,
      apiUrl: urls.moonpay,
      webhookKey: null,
    },
    bridge: {
      provider: 'relay',
      apiUrl: `${urls.relay}/main`,
      testnetsApiUrl: `${urls.relay}/testnets`,
      apiKey: 'relay-secret-key',
      explorerUrl: 'https://relay.link',
      testnetsExplorerUrl: 'https://testnets.relay.link',
    },
  }
}
