import { createPublicClient, http, parseEther, verifyMessage, type Hex } from 'viem'
import { generatePrivateKey } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startAnvil, type Anvil } from '../../../../server/src/test-support/anvil.js'
import type { ChainDto } from '../../../protocol/index.js'
import type { TesseraClient } from '../../types.js'
import { ProviderRpcError } from '../embedded/provider-rpc-error.js'
import type { Eip1193Provider } from './eip1193.js'
import { createTestEthereumWallet, type TestEthereumWallet } from '../test-support/ethereum-wallet.js'
import { announceEip6963, eip1193Provider, fakePage, type TestProvider } from '../test-support/fake-page.js'
import { startWalletsTestbed, type WalletsTestbed } from '../test-support/wallets-testbed.js'
import type { ConnectedEthereumWallet } from '../types.js'

// Two local chains, as funding bridges between them: the wallet starts on the first.
let home: Anvil
let away: Anvil
const testbeds: WalletsTestbed[] = []
beforeAll(async () => {
  ;[home, away] = await Promise.all([startAnvil(), startAnvil({ chainId: 31338 })])
})
afterAll(async () => {
  await Promise.all([home.stop(), away.stop()])
})
afterEach(async () => {
  await Promise.all(testbeds.splice(0).map((testbed) => testbed.close()))
})

const recipient = '0x000000000000000000000000000000000000bEEF'
const chainDto = (anvil: Anvil, name: string): ChainDto => ({
  id: anvil.chainId,
  name,
  native_currency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpc_url: anvil.rpcUrl,
  block_explorer_url: null,
  testnet: true,
})
const publicClient = (anvil: Anvil) => createPublicClient({ transport: http(anvil.rpcUrl), pollingInterval: 50 })

interface Connected {
  client: TesseraClient
  wallet: ConnectedEthereumWallet
  test: TestEthereumWallet
  provider: TestProvider
}

/** A MetaMask-like wallet that knows only the first chain, connected in a client of an app with both local chains. */
async function connectedWallet(): Promise<Connected> {
  const testbed = await startWalletsTestbed({ chains: [chainDto(home, 'Home Anvil'), chainDto(away, 'Away Anvil')] })
  testbeds.push(testbed)
  const page = fakePage()
  const test = createTestEthereumWallet({ privateKey: generatePrivateKey(), chainId: home.chainId, rpcUrls: { [home.chainId]: home.rpcUrl } })
  const provider = eip1193Provider(test)
  announceEip6963(page, provider, { rdns: 'io.metamask', name: 'MetaMask' })
  const client = await testbed.newClient(page)
  const wallet = await client.wallets.connect('io.metamask')
  if (wallet.chain !== 'ethereum') throw new Error('expected an Ethereum wallet')
  return { client, wallet, test, provider }
}

const fund = (anvil: Anvil, address: string) =>
  publicClient(anvil).request({ method: 'anvil_setBalance' as 'eth_chainId', params: [address, '0x8AC7230489E80000'] as never })

describe('a connected Ethereum wallet', () => {
  it("carries its wallet's meta and hands out the wallet's own provider", async () => {
    const { wallet, provider } = await connectedWallet()
    expect(wallet.meta).toEqual({ name: 'MetaMask', icon: 'data:image/svg+xml,<svg/>', id: 'io.metamask' })
    expect(await wallet.getEthereumProvider()).toBe(provider)
  })

  it("switches to a chain the wallet lacks (4902: added from the app's chains, then switched); the listed chain follows and calls reach that chain", async () => {
    const { client, wallet, test } = await connectedWallet()
    await wallet.switchChain(away.chainId)
    expect(test.calls.slice(-5)).toEqual(['eth_chainId', 'wallet_switchEthereumChain', 'wallet_addEthereumChain', 'wallet_switchEthereumChain', 'eth_chainId'])
    expect(client.wallets.getConnected()[0]).toMatchObject({ chainId: 'eip155:31338' })
    const provider = await wallet.getEthereumProvider()
    await fund(away, test.address)
    expect(BigInt((await provider.request({ method: 'eth_getBalance', params: [test.address, 'latest'] })) as string)).toBe(parseEther('10'))

    await wallet.switchChain(home.chainId)
    expect(client.wallets.getConnected()[0]).toMatchObject({ chainId: 'eip155:31337' })
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69')
  })

  it("sends a value transfer signed by the wallet's own key; the recipient's balance rises", async () => {
    const { wallet, test } = await connectedWallet()
    await fund(home, test.address)
    const before = await publicClient(home).getBalance({ address: recipient })
    const { hash } = await wallet.sendTransaction({ to: recipient, value: parseEther('0.25') })
    const receipt = await publicClient(home).waitForTransactionReceipt({ hash: hash as Hex })
    expect(receipt).toMatchObject({ status: 'success', from: test.address.toLowerCase() })
    expect(await publicClient(home).getBalance({ address: recipient })).toBe(before + parseEther('0.25'))
  })

  it('switches first when the request names another chain, and sends there', async () => {
    const { client, wallet, test } = await connectedWallet()
    await fund(away, test.address)
    const [homeBefore, awayBefore] = await Promise.all([
      publicClient(home).getBalance({ address: recipient }),
      publicClient(away).getBalance({ address: recipient }),
    ])
    const { hash } = await wallet.sendTransaction({ to: recipient, value: '0x2386f26fc10000', chainId: away.chainId })
    expect(await publicClient(away).waitForTransactionReceipt({ hash: hash as Hex })).toMatchObject({ status: 'success' })
    expect(await publicClient(away).getBalance({ address: recipient })).toBe(awayBefore + parseEther('0.01'))
    expect(await publicClient(home).getBalance({ address: recipient })).toBe(homeBefore)
    expect(client.wallets.getConnected()[0]).toMatchObject({ chainId: 'eip155:31338' })
  })

  it('signs a message with personal_sign', async () => {
    const { wallet, test } = await connectedWallet()
    const { signature } = await wallet.signMessage('Fund my Tessera wallet')
    expect(await verifyMessage({ address: test.address, message: 'Fund my Tessera wallet', signature: signature as Hex })).toBe(true)
  })

  it("fails with 4001 'The user rejected the request.' when the user rejects a send, a signature or a switch", async () => {
    const { client, wallet, test } = await connectedWallet()
    await fund(home, test.address)
    const rejection = { code: 4001, message: 'The user rejected the request.' }
    for (const attempt of [
      () => wallet.sendTransaction({ to: recipient, value: 1n }),
      () => wallet.signMessage('hello'),
      () => wallet.switchChain(away.chainId),
    ]) {
      test.rejectNext()
      const error = await attempt().catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(ProviderRpcError)
      expect(error).toMatchObject(rejection)
    }
    expect(test.calls.filter((method) => method === 'wallet_switchEthereumChain')).toHaveLength(1)
    expect(client.wallets.getConnected()[0]).toMatchObject({ chainId: 'eip155:31337' })
  })

  it('refuses bad input with clear errors: another sender (4100), a bad number (4200), a chain no table describes', async () => {
    const { wallet } = await connectedWallet()
    await expect(wallet.sendTransaction({ from: recipient, to: recipient, value: 1n })).rejects.toMatchObject({ code: 4100 })
    await expect(wallet.sendTransaction({ to: recipient, value: 'lots' })).rejects.toMatchObject({ code: 4200, message: 'Invalid params' })
    await expect(wallet.sendTransaction({ to: recipient, type: 'eip4844' })).rejects.toMatchObject({
      code: 'transaction_failure',
      shortMessage: 'Unsupported transaction type',
    })
    await expect(wallet.switchChain(999_999)).rejects.toMatchObject({ code: 'unsupported_chain_id' })
    await expect(wallet.signMessage('')).rejects.toMatchObject({ code: 'invalid_message' })
  })

  it("passes the chain's refusal on as a transaction failure (an unfunded wallet)", async () => {
    const { wallet } = await connectedWallet()
    const error = await wallet.sendTransaction({ to: recipient, value: parseEther('1') }).catch((caught: unknown) => caught)
    expect(error).toMatchObject({ code: 'transaction_failure', shortMessage: expect.stringMatching(/exceeds the balance/) })
  })

  it('times out a wallet that never answers a send, as a retryable timeout', async () => {
    const testbed = await startWalletsTestbed()
    testbeds.push(testbed)
    const page = fakePage()
    const test = createTestEthereumWallet({ privateKey: generatePrivateKey() })
    // Connects and answers reads, but the send never comes back (a closed WalletConnect relay, a stuck extension).
    const answering = eip1193Provider(test)
    const stuck: Eip1193Provider = { request: (args) => (args.method === 'eth_sendTransaction' ? new Promise<never>(() => {}) : answering.request(args)) }
    announceEip6963(page, stuck, { rdns: 'com.example.stuck', name: 'Stuck' })
    const client = await testbed.newClient(page, { walletTimeoutMs: 200 })
    const wallet = await client.wallets.connect('com.example.stuck')
    await expect(wallet.chain === 'ethereum' && wallet.sendTransaction({ to: recipient })).rejects.toMatchObject({
      code: 'client_request_timeout',
      shortMessage: 'Wallet request timed out',
      retryable: true,
    })
  })

  it('says so when the wallet is no longer connected, and works again once it reconnects', async () => {
    const { client, wallet, test } = await connectedWallet()
    await wallet.disconnect()
    expect(client.wallets.getConnected()).toEqual([])
    for (const attempt of [
      () => wallet.getEthereumProvider(),
      () => wallet.signMessage('hello'),
      () => wallet.sendTransaction({ to: recipient }),
      () => wallet.switchChain(away.chainId),
    ]) {
      await expect(attempt()).rejects.toMatchObject({ code: 'generic_connect_wallet_error', shortMessage: 'Wallet is not currently connected.' })
    }
    await client.wallets.connect('io.metamask')
    const { signature } = await wallet.signMessage('back again')
    expect(await verifyMessage({ address: test.address, message: 'back again', signature: signature as Hex })).toBe(true)
  })
})
