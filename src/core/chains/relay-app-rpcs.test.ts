import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createClient } from '../client.js'
import { createMemoryStorage } from '../session/storage.js'
import { startFakeApi, type FakeApi } from '../test-support/api-server.js'
import { apiRoutes } from '../test-support/fake-routes.js'
import { appConfigDto, TEST_APP_ID } from '../test-support/fixtures.js'
import type { TesseraClient } from '../types.js'
import { addChainParameter, appChainTable } from '../wallets/ethereum/chains.js'
import { resolveChains } from './resolve-chains.js'
import { resolveSolanaClusters } from './solana-clusters.js'

const CONFIG = `/api/v1/apps/${TEST_APP_ID}`
const ANVIL_RPC = 'http://127.0.0.1:8545'
const LOCAL_SOLANA_RPC = 'http://127.0.0.1:8899'
const serverChains = {
  chains: [
    { id: 31337, name: 'Anvil', native_currency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpc_url: ANVIL_RPC, block_explorer_url: null, testnet: true },
  ],
  solana_clusters: [{ name: 'devnet' as const, rpc_url: LOCAL_SOLANA_RPC, block_explorer_url: null }],
}

let api: FakeApi
let client: TesseraClient | undefined
beforeEach(async () => {
  api = await startFakeApi(apiRoutes({ [`GET ${CONFIG}`]: () => ({ body: appConfigDto(serverChains) }) }))
})
afterEach(async () => {
  client?.destroy()
  await api.close()
})

async function loadedConfig(options: Partial<Parameters<typeof createClient>[0]> = {}) {
  client = createClient({ appId: TEST_APP_ID, apiUrl: api.url, storage: createMemoryStorage(), locks: null, retryDelay: () => 1, ...options })
  await client.ready
  return client.getConfig().config
}

describe("chain RPCs under a strict Content-Security-Policy: the app's chains go through the API origin", () => {
  it("sends the app's EVM chains and Solana clusters through the chain relay of the API server", async () => {
    const config = await loadedConfig()
    expect(resolveChains(config).find((chain) => chain.id === 31337)?.rpcUrl).toBe(`${api.url}/api/v1/apps/${TEST_APP_ID}/rpc/evm/31337`)
    expect(resolveSolanaClusters(config.solanaClusters)[0]).toMatchObject({ name: 'devnet', rpcUrl: `${api.url}/api/v1/apps/${TEST_APP_ID}/rpc/solana/devnet` })
  })

  it('uses the custom API URL the server announces', async () => {
    const custom = await startFakeApi(apiRoutes())
    api.handle(apiRoutes({ [`GET ${CONFIG}`]: () => ({ body: appConfigDto({ ...serverChains, custom_api_url: custom.url }) }) }))
    const config = await loadedConfig()
    expect(resolveChains(config).find((chain) => chain.id === 31337)?.rpcUrl).toBe(`${custom.url}/api/v1/apps/${TEST_APP_ID}/rpc/evm/31337`)
    await custom.close()
  })

  it('keeps an RPC URL the host configures itself', async () => {
    const config = await loadedConfig({
      config: {
        supportedChains: [{ id: 31337, rpcUrl: 'https://rpc.host.example' }, { id: 8453 }],
        solanaClusters: [{ name: 'devnet', rpcUrl: 'https://solana.host.example', blockExplorerUrl: null }],
      },
    })
    expect(resolveChains(config).map((chain) => [chain.id, chain.rpcUrl])).toEqual([
      [31337, 'https://rpc.host.example'],
      [8453, 'https://mainnet.base.org'],
    ])
    expect(resolveSolanaClusters(config.solanaClusters)[0]!.rpcUrl).toBe('https://solana.host.example')
  })

  it("still tells external wallets the chain's own RPC (they cannot use the relay)", async () => {
    const config = await loadedConfig()
    expect(addChainParameter(31337, appChainTable(config))?.rpcUrls).toEqual([ANVIL_RPC])
  })
})
