// Issue 16 item 1: wagmi's own actions (createConfig, connect, switchChain, signMessage, disconnect, reconnect) over
// the tessera() connector and a real client (fake API over loopback HTTP, the stand-in wallet frame).
import {
  connect,
  createConfig,
  createStorage,
  disconnect,
  getAccount,
  getChainId,
  reconnect,
  signMessage,
  signTypedData,
  switchChain,
  type Config,
} from '@wagmi/core'
import { http, UserRejectedRequestError, verifyMessage, verifyTypedData, type Hex } from 'viem'
import { base, mainnet } from 'viem/chains'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { activeWalletOf, type TesseraClient } from '../src/core/index.js'
import { TEST_APP_ID } from '../src/core/test-support/fixtures.js'
import { embeddedStateWhere, startEmbeddedTestbed, type EmbeddedTestbed } from '../src/core/wallets/embedded/test-support/embedded-client.js'
import { tessera } from './connector.js'
import { tesseraWallet } from './rainbowkit-wallet.js'

let testbed: EmbeddedTestbed
beforeEach(async () => {
  testbed = await startEmbeddedTestbed({ embedded: { ethereum: { create_on_login: 'all-users' }, solana: { create_on_login: 'off' } } })
})
afterEach(async () => {
  activeWalletOf(TEST_APP_ID).set(null)
  await testbed.close()
})

/** wagmi's config as an app writes it, with the connector over `client`; `signIns` counts the sign-ins it opened. */
function wagmiApp(client: TesseraClient, storage = createStorage({ storage: mapStorage() })) {
  const signIns = { count: 0 }
  const openSignIn = vi.fn(async () => {
    signIns.count++
    await testbed.login(client)
  })
  const config = createConfig({
    chains: [mainnet, base],
    transports: { [mainnet.id]: http(), [base.id]: http() },
    connectors: [tessera({ appId: TEST_APP_ID, client, openSignIn })],
    storage,
    multiInjectedProviderDiscovery: false,
  })
  return { config, signIns, storage, connector: config.connectors[0]! }
}

function mapStorage() {
  const items = new Map<string, string>()
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  }
}

const ethereumAddress = async (client: TesseraClient) =>
  (await embeddedStateWhere(client, (state) => state.wallets.some((wallet) => wallet.chainType === 'ethereum'))).wallets.find(
    (wallet) => wallet.chainType === 'ethereum',
  )!.address

const statusWhere = (config: Config, status: string) => expect.poll(() => getAccount(config).status).toBe(status)

describe('the tessera() wagmi connector', () => {
  it('connect signs a new user in through the sign-in, waits for the embedded wallet made at login, and wagmi gets its address and chain', async () => {
    const client = testbed.newClient()
    const { config, signIns, connector } = wagmiApp(client)
    const { accounts, chainId } = await connect(config, { connector })
    const address = await ethereumAddress(client)
    expect(signIns.count).toBe(1)
    expect(accounts).toEqual([address])
    expect(chainId).toBe(mainnet.id)
    expect(getAccount(config)).toMatchObject({ status: 'connected', address, chainId: mainnet.id, connector: { id: 'tessera', name: 'Tessera' } })
  })

  it('signed out, getChainId answers the chain the wallet will start on (RainbowKit asks it before connecting)', async () => {
    const client = testbed.newClient()
    const { config, connector } = wagmiApp(client)
    const before = await connector.getChainId()
    const { chainId } = await connect(config, { connector })
    expect(before).toBe(chainId)
  })

  it('signMessage through wagmi signs with the embedded wallet (the signature verifies)', async () => {
    const client = testbed.newClient()
    const { config, connector } = wagmiApp(client)
    const { accounts } = await connect(config, { connector })
    const signature = await signMessage(config, { message: 'hello wagmi' })
    expect(await verifyMessage({ address: accounts[0], message: 'hello wagmi', signature })).toBe(true)
    const typedData = {
      domain: { name: 'wagmi test', chainId: mainnet.id },
      types: { Note: [{ name: 'text', type: 'string' }] },
      primaryType: 'Note',
      message: { text: 'typed' },
    } as const
    const typedSignature = await signTypedData(config, typedData)
    expect(await verifyTypedData({ address: accounts[0], ...typedData, signature: typedSignature })).toBe(true)
  })

  it('with the app’s create-on-login off, connect makes the user an embedded Ethereum wallet', async () => {
    await testbed.close()
    testbed = await startEmbeddedTestbed({ embedded: { create_on_login: 'off', ethereum: { create_on_login: 'off' }, solana: { create_on_login: 'off' } } })
    const client = testbed.newClient()
    const { config, connector } = wagmiApp(client)
    const { accounts } = await connect(config, { connector })
    expect(accounts).toEqual([await ethereumAddress(client)])
  })

  it('switchChain goes through the provider’s wallet_switchEthereumChain, and a switch the wallet makes itself reaches wagmi', async () => {
    const client = testbed.newClient()
    const { config, connector } = wagmiApp(client)
    const { accounts } = await connect(config, { connector })
    await switchChain(config, { chainId: base.id })
    expect(getChainId(config)).toBe(base.id)
    const provider = await client.embeddedWallets.getEthereumProvider(accounts[0])
    expect(provider.getChainId()).toBe(base.id)

    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] })
    await expect.poll(() => getAccount(config).chainId).toBe(mainnet.id)
    // A chain outside wagmi's config is refused (the cast: `switchChain` is typed for the config's chains).
    await expect(switchChain(config, { chainId: 10 as typeof base.id })).rejects.toThrow(/not configured/)
  })

  it('closing the sign-in rejects the connection as the user’s rejection, and nobody is signed in', async () => {
    const client = testbed.newClient()
    const config = createConfig({
      chains: [mainnet],
      transports: { [mainnet.id]: http() },
      storage: null,
      multiInjectedProviderDiscovery: false,
      connectors: [tessera({ appId: TEST_APP_ID, client, openSignIn: () => Promise.reject(new UserRejectedRequestError(new Error('closed'))) })],
    })
    await expect(connect(config, { connector: config.connectors[0]! })).rejects.toMatchObject({ name: 'UserRejectedRequestError' })
    expect(getAccount(config).status).toBe('disconnected')
    expect(client.getAuth().status).toBe('unauthenticated')
  })

  it('a reload reconnects without a new sign-in while the session lasts; disconnect ends wagmi’s connection only, and then a reload stays disconnected', async () => {
    const first = wagmiApp(testbed.newClient())
    const { accounts } = await connect(first.config, { connector: first.connector })

    // The reload: a new client over the same token storage, a new wagmi config over the same wagmi storage.
    const reloaded = testbed.newClient()
    const again = wagmiApp(reloaded, first.storage)
    const [connection] = await reconnect(again.config)
    expect(connection).toMatchObject({ accounts, chainId: mainnet.id })
    expect(again.signIns.count).toBe(0)
    expect(getAccount(again.config)).toMatchObject({ status: 'connected', address: accounts[0] })

    await disconnect(again.config)
    expect(getAccount(again.config).status).toBe('disconnected')
    expect(reloaded.getAuth().status).toBe('authenticated')
    const afterDisconnect = wagmiApp(testbed.newClient(), first.storage)
    expect(await reconnect(afterDisconnect.config)).toEqual([])
    expect(getAccount(afterDisconnect.config).status).toBe('disconnected')
  })

  it('logging out of Tessera disconnects wagmi; choosing another Ethereum wallet as the active wallet is an account change', async () => {
    const client = testbed.newClient()
    const { config, connector } = wagmiApp(client)
    const { accounts } = await connect(config, { connector })
    const second = await client.embeddedWallets.create({ createAdditional: true })
    activeWalletOf(TEST_APP_ID).set({ address: second.address, chain: 'ethereum' })
    await expect.poll(() => getAccount(config).address).toBe(second.address)
    const signature = await signMessage(config, { message: 'from the second wallet' })
    expect(await verifyMessage({ address: second.address as Hex, message: 'from the second wallet', signature })).toBe(true)
    expect(second.address).not.toBe(accounts[0])

    await client.logout()
    await statusWhere(config, 'disconnected')
  })

  it('tesseraWallet() is a RainbowKit wallet entry whose connector is the tessera() connector with RainbowKit’s details', async () => {
    const client = testbed.newClient()
    const wallet = tesseraWallet({ appId: TEST_APP_ID, client })()
    expect(wallet).toMatchObject({
      id: 'tessera',
      name: 'Tessera',
      installed: true,
      iconUrl: expect.stringMatching(/^data:image\/svg\+xml;base64,/),
      iconBackground: expect.stringMatching(/^#/),
    })
    const rkDetails = { id: 'tessera', groupName: 'Popular' }
    const config = createConfig({
      chains: [mainnet],
      transports: { [mainnet.id]: http() },
      storage: null,
      multiInjectedProviderDiscovery: false,
      connectors: [wallet.createConnector({ rkDetails })],
    })
    const connector = config.connectors[0]! as (typeof config.connectors)[number] & { rkDetails?: unknown }
    expect(connector).toMatchObject({ id: 'tessera', type: 'tessera', rkDetails })
    await testbed.login(client)
    const { accounts } = await connect(config, { connector })
    expect(accounts).toEqual([await ethereumAddress(client)])
  })
})
