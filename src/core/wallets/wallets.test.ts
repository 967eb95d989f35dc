import { verifyMessage, type Hex } from 'viem'
import { generatePrivateKey } from 'viem/accounts'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createMemoryStorage } from '../session/storage.js'
import { TEST_APP_ID } from '../test-support/fixtures.js'
import type { TesseraClient, TokenStorage } from '../types.js'
import { walletErrorKind } from './errors.js'
import { walletStorageKeys } from './remembered-connections.js'
import { createTestEthereumWallet, type TestEthereumWallet } from './test-support/ethereum-wallet.js'
import {
  announceEip6963,
  eip1193Provider,
  fakePage,
  registerStandardWallet,
  standardWallet,
  type FakePage,
  type TestProvider,
} from './test-support/fake-page.js'
import { createTestSolanaWallet } from './test-support/solana-wallet.js'
import { startWalletsTestbed, type WalletsTestbed } from './test-support/wallets-testbed.js'
import type { ConnectedWallet, WalletFlowState, WalletOption } from './types.js'

let testbed: WalletsTestbed
beforeEach(async () => {
  testbed = await startWalletsTestbed()
})
afterEach(async () => {
  await testbed.close()
})

const newClient: WalletsTestbed['newClient'] = (page, options) => testbed.newClient(page, options)

/** A listed account without its abilities (functions), as plain data. */
const dataOf = (wallet: ConnectedWallet | undefined) => JSON.parse(JSON.stringify(wallet ?? null)) as unknown

/** The options once discovery has run (the engine loads on the first read). */
async function optionsOf(client: TesseraClient): Promise<WalletOption[]> {
  client.wallets.getOptions()
  await expect.poll(() => client.wallets.getOptions().length, { timeout: 5_000 }).toBeGreaterThan(0)
  return client.wallets.getOptions()
}

function ethereumWallet(
  page: FakePage,
  options: { rdns?: string; name?: string; chainId?: number; knownChainIds?: number[] } = {},
): { wallet: TestEthereumWallet; provider: TestProvider } {
  const wallet = createTestEthereumWallet({ privateKey: generatePrivateKey(), chainId: options.chainId, knownChainIds: options.knownChainIds })
  const provider = eip1193Provider(wallet)
  announceEip6963(page, provider, { rdns: options.rdns ?? 'io.metamask', name: options.name ?? 'MetaMask' })
  return { wallet, provider }
}

const statuses = (client: TesseraClient) => {
  const seen: WalletFlowState[] = []
  client.wallets.watchFlow((state) => seen.push(state))
  return seen
}

describe('discovery and the wallet list', () => {
  it('lists EIP-6963 wallets announced before and after the client, wallet-standard Solana wallets, then known wallets as not installed', async () => {
    const page = fakePage()
    ethereumWallet(page, { rdns: 'io.metamask', name: 'MetaMask' })
    registerStandardWallet(page, standardWallet(createTestSolanaWallet(), { name: 'Phantom' }))
    const client = await newClient(page)
    const options = await optionsOf(client)
    ethereumWallet(page, { rdns: 'me.rainbow', name: 'Rainbow' })
    registerStandardWallet(page, standardWallet(createTestSolanaWallet(), { name: 'Late Solana' }))

    const list = client.wallets.getOptions()
    expect(options[0]).toMatchObject({ id: 'io.metamask', name: 'MetaMask', installed: true, connectorType: 'injected', chains: ['ethereum'] })
    expect(list.map((option) => [option.id, option.installed])).toEqual([
      ['io.metamask', true],
      ['Phantom', true],
      ['me.rainbow', true],
      ['Late Solana', true],
      // The defaults after the detected wallets: metamask and rainbow are detected, so not listed again.
      ['coinbase_wallet', false],
      ['base_account', false],
    ])
    expect(list.find((option) => option.id === 'Phantom')).toMatchObject({
      chains: ['solana'],
      connectorType: 'solana_adapter',
      installUrl: 'https://phantom.com/download',
    })
    expect(list.find((option) => option.id === 'coinbase_wallet')).toMatchObject({ installed: false, installUrl: expect.stringMatching(/^https:/) })
  })

  it('offers a bare window.ethereum as "injected" only when no announced wallet is that provider', async () => {
    const page = fakePage()
    page.ethereum = eip1193Provider(createTestEthereumWallet({ privateKey: generatePrivateKey() }))
    const client = await newClient(page)
    expect((await optionsOf(client))[0]).toMatchObject({ id: 'injected', installed: true })

    const announcedPage = fakePage()
    const { provider } = ethereumWallet(announcedPage)
    announcedPage.ethereum = provider
    const other = await newClient(announcedPage)
    expect((await optionsOf(other)).map((option) => option.id)).not.toContain('injected')
  })

  it("applies the app's wallet list in order and its chain type (Solana-only keeps Solana wallets)", async () => {
    const page = fakePage()
    ethereumWallet(page, { rdns: 'io.rabby', name: 'Rabby Wallet' })
    ethereumWallet(page, { rdns: 'io.metamask', name: 'MetaMask' })
    registerStandardWallet(page, standardWallet(createTestSolanaWallet(), { name: 'Solflare' }))
    const client = await newClient(page, {
      config: { appearance: { walletList: ['rainbow', 'rabby-extension', 'detected_solana_wallets'], walletChainType: 'ethereum-and-solana' } },
    })
    expect((await optionsOf(client)).map((option) => [option.id, option.installed])).toEqual([
      ['rainbow', false],
      ['io.rabby', true],
      ['Solflare', true],
    ])

    client.setConfig({ appearance: { walletChainType: 'solana-only' } })
    expect(client.wallets.getOptions().map((option) => option.id)).toEqual(['Solflare'])
  })
})

describe('connecting an Ethereum wallet', () => {
  it('connects, and a second attempt while connecting joins the first', async () => {
    const page = fakePage()
    const { wallet } = ethereumWallet(page)
    const client = await newClient(page)
    const seen = statuses(client)
    const [first, second] = await Promise.all([client.wallets.connect('io.metamask'), client.wallets.connect('io.metamask')])
    expect(first).toEqual(second)
    expect(dataOf(first)).toEqual({
      address: wallet.address,
      chain: 'ethereum',
      chainId: 'eip155:1',
      walletClientType: 'io.metamask',
      connectorType: 'injected',
      linked: false,
      meta: { name: 'MetaMask', icon: 'data:image/svg+xml,<svg/>', id: 'io.metamask' },
    })
    expect(wallet.calls.filter((method) => method === 'eth_requestAccounts')).toHaveLength(1)
    expect(seen.map((state) => [state.status, state.connection])).toEqual([
      ['connecting', 'connecting'],
      ['connected', 'connected'],
    ])
    expect(client.wallets.getConnected()).toEqual([first])
    expect(client.wallets.getLastUsed()).toBe('io.metamask')
  })

  it('switches to the asked chain; an unknown chain (4902) is added, then switched to again', async () => {
    const page = fakePage()
    const { wallet } = ethereumWallet(page, { chainId: 1, knownChainIds: [10] })
    const client = await newClient(page)
    const seen = statuses(client)
    expect((await client.wallets.connect('io.metamask', { chainId: 10 })).chainId).toBe('eip155:10')
    expect(seen.map((state) => state.connection)).toContain('switching_to_supported_chain')

    expect((await client.wallets.connect('io.metamask', { chainId: 8453 })).chainId).toBe('eip155:8453')
    expect(wallet.calls.slice(-4)).toEqual(['wallet_switchEthereumChain', 'wallet_addEthereumChain', 'wallet_switchEthereumChain', 'eth_chainId'])
  })

  it('refuses a chain it cannot describe to the wallet', async () => {
    const page = fakePage()
    ethereumWallet(page)
    const client = await newClient(page)
    await expect(client.wallets.connect('io.metamask', { chainId: 999_999 })).rejects.toMatchObject({ code: 'unsupported_chain_id' })
  })

  it('counts failed attempts: a rejection (4001) is retryable and named; another wallet starts over', async () => {
    const page = fakePage()
    const { wallet } = ethereumWallet(page)
    ethereumWallet(page, { rdns: 'me.rainbow', name: 'Rainbow' })
    const client = await newClient(page)
    for (const attempt of [1, 2]) {
      wallet.rejectNext()
      const error = await client.wallets.connect('io.metamask').catch((caught: unknown) => caught)
      expect(walletErrorKind(error)).toBe('rejected')
      expect(client.wallets.getFlow()).toMatchObject({
        status: 'error',
        connection: 'disconnected',
        retries: attempt,
        error: { shortMessage: 'You rejected the request', retryable: true },
      })
    }
    await client.wallets.connect('me.rainbow')
    expect(client.wallets.getFlow()).toMatchObject({ status: 'connected', retries: 0 })
  })

  it('keeps the loading state while the wallet has a request pending (-32002), and connects once the user approves', async () => {
    const page = fakePage()
    const { wallet } = ethereumWallet(page)
    const client = await newClient(page, { walletTimeoutMs: 2_000 })
    wallet.holdNextConnect()
    const connecting = client.wallets.connect('io.metamask')
    await expect.poll(() => client.wallets.getFlow().pendingRequest).toBe(true)
    expect(client.wallets.getFlow()).toMatchObject({ status: 'connecting', connection: 'connecting' })
    wallet.approvePending()
    expect((await connecting).address).toBe(wallet.address)
    expect(client.wallets.getFlow()).toMatchObject({ status: 'connected', pendingRequest: false })
  })

  it('times out a wallet that never answers, as a retryable timeout', async () => {
    const page = fakePage()
    const never = { request: () => new Promise<never>(() => {}) }
    announceEip6963(page, never, { rdns: 'com.example.stuck', name: 'Stuck' })
    const client = await newClient(page, { walletTimeoutMs: 100 })
    const error = await client.wallets.connect('com.example.stuck').catch((caught: unknown) => caught)
    expect(walletErrorKind(error)).toBe('timed_out')
    expect(error).toMatchObject({ shortMessage: 'Wallet request timed out', details: 'Please try connecting again.', retryable: true })
  })

  it('an unknown wallet id is refused', async () => {
    const client = await newClient(fakePage())
    await expect(client.wallets.connect('com.example.absent')).rejects.toMatchObject({
      code: 'unsupported_wallet_type',
      shortMessage: 'Unsupported wallet com.example.absent',
    })
  })

  it('follows accountsChanged and chainChanged, updating only on change; an empty account list or disconnect empties it', async () => {
    const page = fakePage()
    const { provider } = ethereumWallet(page)
    const client = await newClient(page)
    await client.wallets.connect('io.metamask')
    const lists: unknown[] = []
    client.wallets.watchConnected((list) => lists.push(list))
    const other = '0x000000000000000000000000000000000000dEaD'
    provider.emit('accountsChanged', [other])
    provider.emit('accountsChanged', [other])
    provider.emit('chainChanged', '0xa')
    expect(lists).toHaveLength(2)
    expect(client.wallets.getConnected()[0]).toMatchObject({ address: other, chainId: 'eip155:10' })
    provider.emit('accountsChanged', [])
    expect(client.wallets.getConnected()).toEqual([])

    await client.wallets.connect('io.metamask')
    provider.emit('disconnect', { code: 4900 })
    expect(client.wallets.getConnected()).toEqual([])
  })
})

describe('a destroyed client', () => {
  it("stops following its wallets' events and the page's announcements", async () => {
    const page = fakePage()
    const { wallet, provider } = ethereumWallet(page)
    const client = await newClient(page)
    await client.wallets.connect('io.metamask')
    client.destroy()
    provider.emit('accountsChanged', ['0x000000000000000000000000000000000000dEaD'])
    expect(client.wallets.getConnected().map((connected) => connected.address)).toEqual([wallet.address])
    ethereumWallet(page, { rdns: 'io.rabby', name: 'Rabby' })
    expect(client.wallets.getOptions().map((option) => option.id)).not.toContain('io.rabby')
  })

  it('stops discovery that was still loading when it was destroyed', async () => {
    const page = fakePage()
    const client = await newClient(page)
    client.wallets.getOptions()
    client.destroy()
    await new Promise((resolve) => setTimeout(resolve, 100))
    ethereumWallet(page, { rdns: 'io.rabby', name: 'Rabby' })
    expect(client.wallets.getOptions().map((option) => option.id)).not.toContain('io.rabby')
  })
})

describe('remembered connections', () => {
  it('restores a remembered connection only if the wallet still grants the account, and remembers the last used wallet', async () => {
    const storage = createMemoryStorage()
    const page = fakePage()
    const { wallet, provider } = ethereumWallet(page)
    const first = await newClient(page, { storage })
    const connectedWallet = await first.wallets.connect('io.metamask')
    first.destroy()

    const secondPage = fakePage()
    announceEip6963(secondPage, provider, { rdns: 'io.metamask', name: 'MetaMask' })
    const second = await newClient(secondPage, { storage })
    second.wallets.getConnected()
    await expect.poll(() => second.wallets.getConnected().map(dataOf)).toEqual([dataOf(connectedWallet)])
    expect(second.wallets.getLastUsed()).toBe('io.metamask')
    // The restored account signs through the wallet like a fresh connection.
    const restored = second.wallets.getConnected()[0]!
    const message = 'restored and able to sign'
    expect(
      restored.chain === 'ethereum' &&
        (await verifyMessage({ address: wallet.address, message, signature: (await restored.signMessage(message)).signature as Hex })),
    ).toBe(true)
    expect(JSON.parse(String(await storage.get(walletStorageKeys(TEST_APP_ID).connections)))).toEqual([
      { address: wallet.address, chain: 'ethereum', connectorType: 'injected', walletClientType: 'io.metamask', connectedAt: expect.any(Number) },
    ])
    expect(
      wallet.calls.filter((method) => method === 'eth_requestAccounts'),
      'restored silently',
    ).toHaveLength(1)

    const stranger = fakePage()
    announceEip6963(stranger, eip1193Provider(createTestEthereumWallet({ privateKey: generatePrivateKey() })), { rdns: 'io.metamask', name: 'MetaMask' })
    const third = await newClient(stranger, { storage })
    await optionsOf(third)
    await expect.poll(async () => JSON.parse(String(await storage.get(walletStorageKeys(TEST_APP_ID).connections)))).toEqual([])
    expect(third.wallets.getConnected()).toEqual([])
  })

  it('discards the whole stored list when an entry lacks a numeric connectedAt', async () => {
    const storage: TokenStorage = createMemoryStorage()
    const key = walletStorageKeys(TEST_APP_ID).connections
    await storage.put(key, JSON.stringify([{ address: '0xabc', connectorType: 'injected', walletClientType: 'io.metamask', connectedAt: 'yesterday' }]))
    const page = fakePage()
    ethereumWallet(page)
    const client = await newClient(page, { storage })
    await optionsOf(client)
    await expect.poll(() => storage.get(key)).toBeNull()
  })
})

describe('Solana wallets', () => {
  it("connects through standard:connect and follows the wallet's account changes", async () => {
    const page = fakePage()
    const keys = createTestSolanaWallet()
    const wallet = standardWallet(keys, { name: 'Phantom' })
    registerStandardWallet(page, wallet)
    const client = await newClient(page)
    expect(await client.wallets.connect('Phantom')).toMatchObject({
      address: keys.address,
      chain: 'solana',
      chainId: expect.stringMatching(/^solana:/),
      walletClientType: 'Phantom',
      connectorType: 'solana_adapter',
    })
    wallet.emitChange([])
    expect(client.wallets.getConnected()).toEqual([])
  })
})

describe('in-app browsers', () => {
  it('asks for a trusted click inside a webview only', async () => {
    expect((await newClient(fakePage('https://app.example', 'Mozilla/5.0 (Linux; Android 14; wv) Instagram 300.0'))).wallets.needsTrustedClick()).toBe(true)
    expect((await newClient(fakePage())).wallets.needsTrustedClick()).toBe(false)
  })
})
