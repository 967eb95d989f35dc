import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createPublicClient, createWalletClient, defineChain, http, parseEther, verifyMessage, verifyTypedData, type Hex } from 'viem'
import { startAnvil, type Anvil } from '../../../../server/src/test-support/anvil.js'
import { createMemoryStorage } from '../../session/storage.js'
import type { TesseraClient } from '../../types.js'
import { embeddedStateWhere, startEmbeddedTestbed, type EmbeddedTestbed } from './test-support/embedded-client.js'
import { toViemAccount } from './to-viem-account.js'
import type { EmbeddedEthereumProvider } from './types.js'

let anvil: Anvil
let testbed: EmbeddedTestbed
beforeAll(async () => {
  anvil = await startAnvil()
})
afterAll(async () => {
  await anvil.stop()
})
afterEach(async () => {
  await testbed?.close()
})

const anvilChain = () => ({
  id: 31337,
  name: 'Anvil',
  native_currency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpc_url: anvil.rpcUrl,
  block_explorer_url: null,
  testnet: true,
})
const recipient = '0x000000000000000000000000000000000000dEaD'

async function rpc<T>(method: string, params: unknown[] = []): Promise<T> {
  const response = await fetch(anvil.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return ((await response.json()) as { result: T }).result
}

/** A signed-in user with an embedded Ethereum wallet funded on anvil, on an app whose default chain is anvil. */
async function signedInWithWallet(): Promise<{ client: TesseraClient; provider: EmbeddedEthereumProvider; address: Hex }> {
  testbed = await startEmbeddedTestbed({
    embedded: { ethereum: { create_on_login: 'all-users' } },
    config: { chains: [anvilChain()], default_chain_id: 31337 },
  })
  const client = testbed.newClient()
  await testbed.login(client)
  const { wallets } = await embeddedStateWhere(client, (state) => state.status === 'ready')
  const address = wallets[0]!.address as Hex
  await rpc('anvil_setBalance', [address, '0x56BC75E2D63100000'])
  return { client, provider: await client.embeddedWallets.getEthereumProvider(), address }
}

/** Polls like a wallet would: anvil mines right after answering with the hash. */
async function receiptOf(hash: Hex) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const receipt = await rpc<{ status: Hex; from: string; to: string; type: Hex } | null>('eth_getTransactionReceipt', [hash])
    if (receipt) return receipt
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`no receipt for ${hash}`)
}

describe('the embedded Ethereum provider', () => {
  it("answers accounts and starts on the app's default chain; read calls go to the chain's RPC", async () => {
    const { provider, address } = await signedInWithWallet()
    expect(await provider.request({ method: 'eth_requestAccounts' })).toEqual([address])
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([address])
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69')
    expect(await provider.request({ method: 'eth_getBalance', params: [address, 'latest'] })).toBe('0x56bc75e2d63100000')
    expect(await provider.request({ method: 'eth_blockNumber' })).toBe(await rpc('eth_blockNumber'))
    await expect(provider.request({ method: 'eth_sign', params: [address, '0x00'] })).rejects.toMatchObject({ code: 4200 })
  })

  it('sends a transaction of each type: nonce, gas and fees come from the chain, the frame signs, the RPC broadcasts', async () => {
    const { provider, address } = await signedInWithWallet()
    const before = BigInt(await rpc<Hex>('eth_getBalance', [recipient, 'latest']))
    const types = [undefined, 'legacy', 'eip2930', 'eip1559', '0x2'] as const
    for (const type of types) {
      const hash = (await provider.request({
        method: 'eth_sendTransaction',
        params: [{ from: address, to: recipient, value: '0x1', ...(type && { type }) }],
      })) as Hex
      const receipt = await receiptOf(hash)
      expect(receipt).toMatchObject({ status: '0x1', from: address.toLowerCase(), to: recipient.toLowerCase() })
      expect(receipt.type).toBe(type === 'legacy' ? '0x0' : type === 'eip2930' ? '0x1' : '0x2')
    }
    expect(BigInt(await rpc<Hex>('eth_getBalance', [recipient, 'latest'])) - before).toBe(BigInt(types.length))
    await expect(provider.request({ method: 'eth_sendTransaction', params: [{ to: recipient, type: 'eip4844' }] })).rejects.toMatchObject({
      shortMessage: 'Unsupported transaction type',
    })
    await expect(provider.request({ method: 'eth_sendTransaction', params: [{ from: recipient, to: recipient }] })).rejects.toMatchObject({ code: 4100 })
  })

  it('signs messages and typed data with the wallet key', async () => {
    const { provider, address, client } = await signedInWithWallet()
    const personal = (await provider.request({ method: 'personal_sign', params: ['hello tessera', address] })) as Hex
    expect(await verifyMessage({ address, message: 'hello tessera', signature: personal })).toBe(true)

    const typedData = {
      domain: { name: 'Tessera', version: '1', chainId: 31337 },
      types: { Mail: [{ name: 'contents', type: 'string' }] },
      primaryType: 'Mail' as const,
      message: { contents: 'gm' },
    }
    const typed = (await provider.request({
      method: 'eth_signTypedData_v4',
      params: [
        address,
        JSON.stringify({
          ...typedData,
          types: {
            EIP712Domain: [
              { name: 'name', type: 'string' },
              { name: 'version', type: 'string' },
              { name: 'chainId', type: 'uint256' },
            ],
            ...typedData.types,
          },
        }),
      ],
    })) as Hex
    expect(await verifyTypedData({ address, ...typedData, signature: typed })).toBe(true)

    const headless = await client.embeddedWallets.signMessage({ message: 'headless' })
    expect(await verifyMessage({ address, message: 'headless', signature: headless.signature as Hex })).toBe(true)
    const { hash } = await client.embeddedWallets.sendTransaction({ transaction: { to: recipient, value: 2n } })
    expect((await receiptOf(hash as Hex)).status).toBe('0x1')
  })

  it('switches only to supported chains, remembers the chain per app, and falls back to the default', async () => {
    const { provider } = await signedInWithWallet()
    const changes: string[] = []
    provider.on!('chainChanged', (chainId: string) => changes.push(chainId))

    await expect(provider.request({ method: 'wallet_switchEthereumChain', params: [42] })).rejects.toMatchObject({ code: 4200, message: 'Invalid params' })
    await expect(provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: 1 }] })).rejects.toMatchObject({
      code: 4200,
      message: 'Invalid params',
    })
    await expect(provider.request({ method: 'wallet_switchEthereumChain', params: ['0x3039'] })).rejects.toMatchObject({
      code: 4901,
      message: 'Unsupported chainId 12345',
    })
    expect(await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x2105' }] })).toBeNull()
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x2105')
    expect(provider.getChainId()).toBe(8453)
    expect(changes).toEqual(['0x2105'])

    // Another page load on this device starts on the remembered chain.
    const again = testbed.newClient()
    await again.ready
    await embeddedStateWhere(again, (state) => state.wallets.length === 1)
    expect(await (await again.embeddedWallets.getEthereumProvider()).request({ method: 'eth_chainId' })).toBe('0x2105')

    // A remembered chain the app does not support (here: a host list without it) falls back to the default.
    const storage = createMemoryStorage()
    for (const key of await testbed.storage.getKeys()) await storage.put(key, await testbed.storage.get(key))
    await storage.put(`tessera:${again.appId}:embedded_wallet_chain_id`, '4242')
    const other = testbed.newClient({ storage })
    await other.ready
    await embeddedStateWhere(other, (state) => state.wallets.length === 1)
    expect(await (await other.embeddedWallets.getEthereumProvider()).request({ method: 'eth_chainId' })).toBe('0x7a69')
  })

  it('signs for viem as a custom account', async () => {
    const { provider, address } = await signedInWithWallet()
    const account = await toViemAccount(provider)
    expect(account.address).toBe(address)
    const chain = defineChain({
      id: 31337,
      name: 'Anvil',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [anvil.rpcUrl] } },
    })
    const wallet = createWalletClient({ account, chain, transport: http(anvil.rpcUrl) })
    const hash = await wallet.sendTransaction({ to: recipient, value: parseEther('0.001') })
    const receipt = await createPublicClient({ chain, transport: http(anvil.rpcUrl) }).waitForTransactionReceipt({ hash })
    expect(receipt).toMatchObject({ status: 'success', from: address.toLowerCase() })
    expect(await verifyMessage({ address, message: 'viem', signature: await account.signMessage({ message: 'viem' }) })).toBe(true)
  })
})
